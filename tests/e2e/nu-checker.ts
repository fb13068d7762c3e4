// The Nu Html Checker (npm vnu-jar: the W3C validator's jar, run with the machine's Java), for
// the live DOM of pages after their scripts ran (issue 49): many files, one Java start.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** The jar the package ships (its own runner would download a Java where none is installed). */
const VNU_JAR = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar')),
  'build/dist/vnu.jar',
);

export interface NuMessage {
  /** "error", "non-document-error" (a file it could not read), or "info" (`subType: 'warning'`
   * for a warning). */
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/**
 * The checker's messages on the HTML files (paths, not URLs): errors, warnings, and files it could
 * not read, which must fail a check too (not its mere notes).
 */
export async function nuMessages(files: string[]): Promise<NuMessage[]> {
  const { stdout } = await promisify(execFile)(
    'java',
    ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages.filter(
    (message) => message.type !== 'info' || message.subType === 'warning',
  );
}
