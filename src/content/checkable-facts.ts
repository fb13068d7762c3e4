// Facts a reader may act on and that change over time: amounts in euros, time limits (a number
// of days, weeks, months or years) and phone numbers. A page that states one must say where it
// comes from (front matter `sources`), so that the next fact-check can find it again.
import type { LocaleId } from '../i18n/locales.ts';

// Number words from two up: "one"/"een"/"un"/"ein" are also articles, and "a year later" is not a
// time limit often enough to be worth the noise.
const NUMBER_WORDS: Record<LocaleId, string> = {
  en: 'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|thirty',
  nl: 'twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|achttien|dertig',
  fr: 'deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|dix-huit|trente',
  de: 'zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|achtzehn|dreißig',
};
const UNITS: Record<LocaleId, string> = {
  en: 'days?|weeks?|months?|years?',
  nl: 'dagen|dag|weken|week|maanden|maand|jaren|jaar',
  fr: 'jours?|semaines?|mois|ans|an|années?',
  de: 'Tagen|Tage|Tag|Wochen|Woche|Monaten|Monate|Monat|Jahren|Jahre|Jahr',
};

// "500 euros", "€ 500", "1 billion euros", "1 milliard d’euros", "one million euros".
const SCALE =
  '(?:million|billion|millions?|milliards?|miljoen|miljard|Millionen|Million|Milliarden|Milliarde)';
const AMOUNT = new RegExp(
  `€\\s?\\d|(?:\\d[\\d.,\\s\\u202f]*|\\b(?:one|een|un|eine?)\\s)\\s?(?:${SCALE}\\s)?(?:d['’])?(?:€|euros?\\b|EUR\\b)`,
  'iu',
);
// Belgian numbers as the content writes them (02 542 72 24, 0800 12 345, +32 2 542 72 24) and the
// short emergency and listening lines.
const PHONE =
  /\+\d{2}(?:[\s\u202f]?\d){8,}|(?<![\d/-])0\d{1,3}(?:[\s./]\d{2,3}){2,3}(?![\d/-])|\b(?:10[0-8]|112|1771)\b(?![\d,/%-]|\.\d)/u;

const timeLimit = (lang: LocaleId) =>
  new RegExp(`(?:\\b\\d+|\\b(?:${NUMBER_WORDS[lang]}))[\\s\\u00a0]+(?:${UNITS[lang]})\\b`, 'iu');

export interface CheckableFact {
  kind: 'amount' | 'time limit' | 'phone number';
  text: string;
}

/** The first amount, time limit and phone number a text states, if any. */
export function checkableFacts(text: string, lang: LocaleId): CheckableFact[] {
  const found: CheckableFact[] = [];
  const find = (kind: CheckableFact['kind'], pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match) found.push({ kind, text: match[0].trim() });
  };
  find('amount', AMOUNT);
  find('time limit', timeLimit(lang));
  find('phone number', PHONE);
  return found;
}
