// Each language's typography as the renderer adds it, and the check that finds what breaks it.
import { describe, expect, it } from 'vitest';
import { decodeEntities, textBlocks, typographyProblems } from './typography-check.ts';
import { typeset, typesetHtml, typesetMessage } from './typography.ts';

const N = '\u202f';
const NB = '\u00a0';

describe('typeset', () => {
  it('writes one apostrophe and each language’s quotation marks', () => {
    expect(typeset(`Victims' "associations"`, 'en')).toBe('Victims’ “associations”');
    expect(typeset(`De "eerste" foto's`, 'nl')).toBe('De “eerste” foto’s');
    expect(typeset(`Die "zentrale Anlaufstelle"`, 'de')).toBe('Die „zentrale Anlaufstelle“');
    expect(typeset(`L'aide "urgente"`, 'fr')).toBe(`L’aide «${N}urgente${N}»`);
  });

  it('puts a narrow no-break space before ; : ! ? and inside « » in French, whatever was typed', () => {
    expect(typeset('Que faire ? Appelez : maintenant ; merci !', 'fr')).toBe(
      `Que faire${N}? Appelez${N}: maintenant${N}; merci${N}!`,
    );
    expect(typeset('Quoi? Le «guide» et le « site »', 'fr')).toBe(
      `Quoi${N}? Le «${N}guide${N}» et le «${N}site${N}»`,
    );
    // Not in an address, a time or an English text.
    expect(typeset('https://caw.be/?a=1 à 8:30', 'fr')).toBe('https://caw.be/?a=1 à 8:30');
    expect(typeset('What now? Call: 112', 'en')).toBe('What now? Call: 112');
  });

  it('keeps a phone number on one line in every language, and French digit groups and percent', () => {
    expect(typeset('Call 02 542 72 24 or +32 2 542 66 23, or 0800 12 345.', 'en')).toBe(
      `Call 02${NB}542${NB}72${NB}24 or +32${NB}2${NB}542${NB}66${NB}23, or 0800${NB}12${NB}345.`,
    );
    expect(typeset('Au plus 125 000 euros, au moins 10 %, le 22 mars 2016.', 'fr')).toBe(
      `Au plus 125${N}000 euros, au moins 10${N}%, le 22 mars 2016.`,
    );
    expect(typeset('Au 02 542 72 24 ou au +32 2 542 72 24.', 'fr')).toBe(
      `Au 02${NB}542${NB}72${NB}24 ou au +32${NB}2${NB}542${NB}72${NB}24.`,
    );
  });

  it('opens a quotation after a space, a bracket or the start, and closes it elsewhere', () => {
    expect(typeset('("one") and "two".', 'en')).toBe('(“one”) and “two”.');
    expect(typeset('" closes', 'en', 'word')).toBe('” closes');
  });

  it('gives the same text when typesetting twice', () => {
    for (const [text, lang] of [
      ['L\'aide "urgente" : 125 000 euros, 02 542 72 24 !', 'fr'],
      ['Die "Frist" läuft: 02 542 66 23.', 'de'],
    ] as const)
      expect(typeset(typeset(text, lang), lang)).toBe(typeset(text, lang));
  });
});

describe('typesetHtml', () => {
  it('typesets the text between tags, never an attribute, a link address or code', () => {
    const html =
      '<p>Il a dit &quot;<strong>bonjour</strong>&quot; à l&#39;aide : <a href="https://x.be/?a=1&amp;b=&#39;2&#39;" title="a : b">le &quot;guide&quot;</a> et <code>code &quot;x&quot; :</code>.</p>\n';
    expect(typesetHtml(html, 'fr')).toBe(
      `<p>Il a dit «${N}<strong>bonjour</strong>${N}» à l’aide${N}: <a href="https://x.be/?a=1&amp;b=&#39;2&#39;" title="a : b">le «${N}guide${N}»</a> et <code>code &quot;x&quot; :</code>.</p>\n`,
    );
  });

  it('leaves a character reference whole in French: "&amp; ;" would not parse (the publishing gate found it)', () => {
    expect(typesetHtml('<p>Reinsurance &amp; Insurance, a &#38; b; ok ; fin</p>', 'fr')).toBe(
      `<p>Reinsurance &amp; Insurance, a &#38; b${N}; ok${N}; fin</p>`,
    );
  });

  it('starts each block afresh: a quotation mark at the start of a list item opens', () => {
    expect(typesetHtml('<li>word</li><li>&quot;Quote&quot;</li>', 'en')).toBe(
      '<li>word</li><li>“Quote”</li>',
    );
  });
});

describe('typesetMessage', () => {
  it('typesets apostrophes between letters and French spaces, and leaves ICU quoting and quotes alone', () => {
    expect(typesetMessage("Parler à quelqu'un : {email} ?", 'fr')).toBe(
      `Parler à quelqu’un${N}: {email}${N}?`,
    );
    expect(typesetMessage("'{'name'}' is \"{path}\"", 'en')).toBe("'{'name'}' is \"{path}\"");
  });
});

describe('typographyProblems', () => {
  it('names a straight apostrophe, another language’s quotation marks and a phone number that can wrap', () => {
    expect(typographyProblems('Victims\' "fund": call 02 542 72 24.', 'en')).toEqual([
      'a straight apostrophe (\') instead of ’: …Victims\' "fund": call 02 54…',
      'a quotation mark other than “ ”: …Victims\' "fund": call 02 542…',
      'a quotation mark other than “ ”: …Victims\' "fund": call 02 542 72 24…',
      'a phone number that can wrap: …ctims\' "fund": call 02 542 72 24.…',
    ]);
    expect(typographyProblems('Die “Frist” läuft.', 'de')).toHaveLength(1);
  });

  it('names French punctuation without its narrow no-break space', () => {
    expect(typographyProblems('Que faire ? Quoi? «guide» 125 000 euros', 'fr')).toHaveLength(5);
    expect(
      typographyProblems(typeset('Que faire ? Quoi? «guide» 125 000 euros', 'fr'), 'fr'),
    ).toEqual([]);
  });
});

describe('textBlocks', () => {
  it('gives the text of each block in its language, entities decoded, without scripts or code', () => {
    expect(
      textBlocks(
        '<title>A &amp; B</title><script>var a = "x";</script><p>One <em>two</em><!-- c --> <code>"x"</code></p>' +
          '<li>Source: <a href="/x" lang="fr">L&#39;aide : <b>x</b></a> (checked)</li><br><p>&#8217;s</p>',
        'en',
      ),
    ).toEqual([
      { text: 'A & B', lang: 'en' },
      { text: 'One two ', lang: 'en' },
      { text: 'Source: ', lang: 'en' },
      { text: "L'aide : x", lang: 'fr' },
      { text: ' (checked)', lang: 'en' },
      { text: '’s', lang: 'en' },
    ]);
    expect(decodeEntities('&quot;a&quot; &#x27;b&#39; &nbsp;&unknown;')).toBe(
      `"a" 'b' ${NB}&unknown;`,
    );
  });
});
