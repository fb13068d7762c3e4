// Scores of a search over the query set: hit@1 (the first result is a right page), hit@3 (one in
// the first three), MRR@10 (1/rank of the first right page within ten, else 0) and the share of
// queries with no result at all, per language and per kind, side by side for several systems.
import type { Query } from './queries.ts';

/** What a system answered to one query: the paths of its first ten results, best first. */
export interface Answer {
  query: Query;
  paths: string[];
}

/** The four figures of a group of answers. */
export interface Scores {
  count: number;
  hit1: number;
  hit3: number;
  mrr10: number;
  none: number;
}

/** The rank (1-based) of the first right page within the first ten, or 0 when there is none. */
export function rankOfAnswer({ query, paths }: Answer): number {
  const index = paths.slice(0, 10).findIndex((path) => query.expect.includes(path));
  return index + 1;
}

/** The figures of a group of answers (all zero for an empty group). */
export function scoresOf(answers: readonly Answer[]): Scores {
  const count = answers.length;
  if (count === 0) return { count, hit1: 0, hit3: 0, mrr10: 0, none: 0 };
  const ranks = answers.map(rankOfAnswer);
  const share = (test: (rank: number, index: number) => boolean) =>
    ranks.filter(test).length / count;
  return {
    count,
    hit1: share((rank) => rank === 1),
    hit3: share((rank) => rank >= 1 && rank <= 3),
    mrr10: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / count,
    none: share((_, index) => answers[index]?.paths.length === 0),
  };
}

/** Answers grouped by a key (language, kind), in the order keys first appear, then "all". */
function groups(answers: readonly Answer[], key: (query: Query) => string): [string, Answer[]][] {
  const byKey = new Map<string, Answer[]>();
  for (const answer of answers) {
    const list = byKey.get(key(answer.query)) ?? [];
    list.push(answer);
    byKey.set(key(answer.query), list);
  }
  return [...byKey.entries(), ['all', [...answers]]];
}

const figure = (value: number) => value.toFixed(2);

/**
 * A Markdown table of the figures of each system (columns) per group (rows): `hit@1 / hit@3 /
 * MRR@10 / none` in each cell, the systems in the order given.
 */
export function scoreTable(
  systems: Record<string, readonly Answer[]>,
  by: 'language' | 'kind',
): string {
  const names = Object.keys(systems);
  const first = Object.values(systems)[0] ?? [];
  const rows = groups(first, (query) => query[by]).map(([group, answers]) => {
    const cells = names.map((name) => {
      const mine = (systems[name] ?? []).filter((answer) =>
        group === 'all' ? true : answer.query[by] === group,
      );
      const s = scoresOf(mine);
      return `${figure(s.hit1)} / ${figure(s.hit3)} / ${figure(s.mrr10)} / ${figure(s.none)}`;
    });
    return `| ${group} | ${String(answers.length)} | ${cells.join(' | ')} |`;
  });
  return [
    `| ${by} | queries | ${names.map((name) => `${name}: hit@1 / hit@3 / MRR@10 / none`).join(' | ')} |`,
    `|---|--:|${names.map(() => '---').join('|')}|`,
    ...rows,
  ].join('\n');
}
