// Pagefind metadata attributes: the section and date that search results show.

/** The data-pagefind-meta attribute for a page's section and (news) date. */
export function sectionMeta(section?: string, date?: string): { 'data-pagefind-meta'?: string } {
  // Pagefind separates entries with commas, so a section name may not contain one.
  const entries = [
    section ? `section:${section.replaceAll(',', ' ')}` : '',
    date ? `date:${date}` : '',
  ].filter(Boolean);
  return entries.length > 0 ? { 'data-pagefind-meta': entries.join(', ') } : {};
}
