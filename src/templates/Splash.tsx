// Language splash at "/": the four languages, each introduced in its own language.
import { Link } from '../components/router/Link.tsx';
import type { TemplateProps } from '../routes/page-data.ts';

export function SplashTemplate({ data }: TemplateProps<'splash'>) {
  return (
    <div className="splash">
      <h1 className="visually-hidden">{data.title}</h1>
      <ul className="splash__choices">
        {data.choices.map((choice) => (
          <li key={choice.language} lang={choice.language} className="splash__choice">
            <h2 className="splash__name">{choice.siteName}</h2>
            <p>{choice.intro}</p>
            <Link className="button" to={choice.path}>
              {choice.button}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
