// The ZIP's entry names (issue 42): a visitor's file name can never leave its reference's folder,
// hide as a control sequence, be a name Windows refuses, or overwrite another file on unpacking.
import { describe, expect, it } from 'vitest';
import { safeFileName, zipEntryNames } from './export-zip.ts';

describe('safeFileName', () => {
  it.each([
    ['bill.pdf', 'bill.pdf'],
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['..', 'file'],
    ['.', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['/etc/shadow', '_etc_shadow'],
    ['C:\\Windows\\win.ini', 'C__Windows_win.ini'],
    ['\\\\server\\share', '__server_share'],
    ['a\u0000b\u0007c\u001b[31m.txt', 'a_b_c_[31m.txt'],
    ['line\r\nbreak.txt', 'line__break.txt'],
    ['what?*<>|".txt', 'what______.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.pdf', '_com1.pdf'],
    ['console.txt', 'console.txt'],
    ['trailing. . ', 'trailing'],
    ['.hidden', '.hidden'],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps at most 120 UTF-16 units, the extension kept, no half character', () => {
    expect(safeFileName(`a${'😀'.repeat(80)}.pdf`)).toBe(`a${'😀'.repeat(57)}.pdf`);
    const safe = safeFileName(`${'é'.repeat(300)}.pdf`);
    expect(safe.length).toBe(120);
    expect(safe).toBe(`${'é'.repeat(116)}.pdf`);
  });
});

describe('zipEntryNames', () => {
  it('numbers a name taken in the same folder, case aside; other folders keep theirs', () => {
    expect(
      zipEntryNames([
        { reference: 'AAAA-AAAA-AA', name: 'scan.pdf' },
        { reference: 'AAAA-AAAA-AA', name: 'SCAN.pdf' },
        { reference: 'AAAA-AAAA-AA', name: 'scan.pdf' },
        { reference: 'AAAA-AAAA-AA', name: 'scan (2).pdf' },
        { reference: 'BBBB-BBBB-BB', name: 'scan.pdf' },
        { reference: 'AAAA-AAAA-AA', name: '..' },
        { reference: 'AAAA-AAAA-AA', name: '.' },
        { reference: 'AAAA-AAAA-AA', name: 'noext' },
        { reference: 'AAAA-AAAA-AA', name: 'noext' },
      ]),
    ).toEqual([
      'AAAA-AAAA-AA/scan.pdf',
      'AAAA-AAAA-AA/SCAN (2).pdf',
      'AAAA-AAAA-AA/scan (3).pdf',
      'AAAA-AAAA-AA/scan (2) (2).pdf',
      'BBBB-BBBB-BB/scan.pdf',
      'AAAA-AAAA-AA/file',
      'AAAA-AAAA-AA/file (2)',
      'AAAA-AAAA-AA/noext',
      'AAAA-AAAA-AA/noext (2)',
    ]);
  });
});
