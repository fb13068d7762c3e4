// The home page's latest news and next events, each with a link to the whole list. The events
// that count as upcoming are the build day's until hydration, then today's in Brussels; spare
// events from the build keep the list as long when some have ended since.
import { Link } from './router/Link.tsx';
import { todayInBrussels } from '../i18n/brussels-time.ts';
import { isUpcoming } from '../routes/dated-items.ts';
import { HOME_ITEM_COUNT, type HomeUpdates as HomeUpdatesData } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { ItemList } from './ItemList.tsx';
import { useHydrated } from './useHydrated.ts';

export function HomeUpdates({ home }: { home: HomeUpdatesData }) {
  const { t } = useChrome();
  const hydrated = useHydrated();
  const today = hydrated ? todayInBrussels() : home.builtOn;
  const events = home.events.items
    .filter((item) => isUpcoming(item, today))
    .slice(0, HOME_ITEM_COUNT);
  return (
    <div className="home-updates">
      <section className="home-updates__section" aria-labelledby="home-news-title">
        <h2 id="home-news-title">{t('home.latestNews')}</h2>
        <ItemList items={home.news.items} headingLevel={3} />
        <p className="home-updates__more">
          <Link to={home.news.path}>{t('home.allNews')}</Link>
        </p>
      </section>
      <section className="home-updates__section" aria-labelledby="home-events-title">
        <h2 id="home-events-title">{t('agenda.upcoming')}</h2>
        {events.length > 0 ? (
          <ItemList items={events} headingLevel={3} />
        ) : (
          <p className="home-updates__empty">{t('agenda.noUpcoming')}</p>
        )}
        <p className="home-updates__more">
          <Link to={home.events.path}>{t('home.allEvents')}</Link>
        </p>
      </section>
    </div>
  );
}
