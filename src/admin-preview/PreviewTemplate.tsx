// The editor's preview of a page, news item, recognised attack or event: the site's own heading
// components and Markdown renderer, in the language previewed, inside the chrome data they need.
import { Component, createRef, Suspense, use, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ArticleHeading } from '../components/ArticleHeading.tsx';
import { ChromeProvider } from '../components/Chrome.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import type { LocaleId } from '../i18n/locales.ts';
import type { DatedKind, StaticQueryData } from '../routes/page-data.ts';
import {
  articlePreview,
  entryFields,
  pagePreview,
  previewLanguage,
  type PreviewEntry,
} from './preview-data.ts';

/** The props of Sveltia's CustomPreviewTemplateProps that the preview reads. */
export interface PreviewTemplateProps {
  entry: PreviewEntry;
  /** The preview frame's document: its <html lang> is the language of the first preview. */
  document: Document;
}

/** The chrome data of a language, the same promise for the same language (React's `use`). */
export type LoadChrome = (lang: LocaleId) => Promise<StaticQueryData>;

type Kind = 'page' | DatedKind;

/** The frame of the public page around the content: its chrome context and main region. */
function InChrome({ chrome, children }: { chrome: Promise<StaticQueryData>; children: ReactNode }) {
  return (
    <ChromeProvider chrome={use(chrome)}>
      <main className="site-main">{children}</main>
    </ChromeProvider>
  );
}

/** The entry as the public page shows it, rendered by this bundle's React. */
export function SitePreview({
  kind,
  entry,
  lang,
  loadChrome,
}: {
  kind: Kind;
  entry: PreviewEntry;
  lang: LocaleId;
  loadChrome: LoadChrome;
}) {
  const { fields } = entryFields(entry);
  let content: ReactNode;
  if (kind === 'page') {
    const page = pagePreview(fields, lang);
    content = (
      <article className="page">
        <PageHeading page={page} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    );
  } else {
    const article = articlePreview(kind, fields, lang);
    content = (
      <article className="news">
        <ArticleHeading article={article} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      </article>
    );
  }
  return (
    <Suspense fallback={null}>
      <InChrome chrome={loadChrome(lang)}>{content}</InChrome>
    </Suspense>
  );
}

/**
 * The preview template of a collection whose items are of `kind`. Sveltia renders it with its own
 * react-dom, whose React copy is not reachable: hooks would find no dispatcher. So the template is
 * a class (no hooks) that draws an empty <div> and renders the site's components into it with this
 * bundle's React, again on every update of the entry.
 */
export function previewTemplate(kind: Kind, loadChrome: LoadChrome) {
  return class Preview extends Component<PreviewTemplateProps> {
    static displayName = `Preview(${kind})`;
    private readonly container = createRef<HTMLDivElement>();
    private root: Root | undefined;

    override componentDidMount() {
      if (this.container.current) this.root = createRoot(this.container.current);
      this.renderSite();
    }

    override componentDidUpdate() {
      this.renderSite();
    }

    override componentWillUnmount() {
      // Not while Sveltia's renderer is still committing: React refuses a synchronous unmount then.
      const root = this.root;
      queueMicrotask(() => root?.unmount());
    }

    private renderSite() {
      const { entry, document } = this.props;
      const lang = previewLanguage(entryFields(entry), document.documentElement.lang);
      this.root?.render(
        <SitePreview kind={kind} entry={entry} lang={lang} loadChrome={loadChrome} />,
      );
    }

    override render() {
      return <div ref={this.container} />;
    }
  };
}
