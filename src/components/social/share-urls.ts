// The share links of a page: plain URLs of the networks' share pages, no third-party script.

export interface ShareLink {
  id: 'email' | 'facebook' | 'twitter' | 'linkedin';
  href: string;
}

/** The e-mail and network share URLs for a page (Instagram has no web share URL). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { id: 'email', href: `mailto:?subject=${text}&body=${u}` },
    { id: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'twitter', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { id: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** The address to share: the page without its query (a search term stays private) or hash. */
export function shareableUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return location.origin + location.pathname;
}
