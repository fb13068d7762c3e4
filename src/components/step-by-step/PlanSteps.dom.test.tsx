// The steps of "What applies to me?" as a screen reader meets them (issue 49): each step's
// heading is its title alone, its number or "and"/"or" an element of its own before it, and
// "What to bring", "Deadline" and "Whom to contact" are headings one level below the step's.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../content/load-content.ts';
import { buildRouteTable } from '../../routes/route-table.ts';
import { createStaticRouter } from '../../runtime/router.ts';
import { RouterProvider } from '../router/RouterProvider.tsx';
import { PlanSteps } from './PlanSteps.tsx';
import { NO_ANSWERS, planFor } from './plan.ts';

const content = loadContent(`${import.meta.dirname}/../../../content`, {
  localPreview: 'http://localhost:8080',
});
const route = buildRouteTable(content).routes.find(
  (candidate) => candidate.pageContext.language === 'en' && 'stepByStep' in candidate.data,
);
const data = route && 'stepByStep' in route.data ? route.data.stepByStep : undefined;
if (!data) throw new Error('no step-by-step page in en');

afterEach(cleanup);

describe('the steps of a plan', () => {
  it('name each step by its title alone; the marker is read before it, on its own', () => {
    render(
      <RouterProvider router={createStaticRouter('/en/what-applies-to-me', null)}>
        <PlanSteps stages={planFor(data, NO_ANSWERS, true)} data={data} />
      </RouterProvider>,
    );
    const steps = screen.getAllByRole('heading', { level: 4 });
    expect(steps.slice(0, 5).map((heading) => heading.textContent)).toEqual([
      'Get help if you are in danger or hurt',
      'Contact the Belgian embassy or consulate',
      'See a doctor',
      'Talk to someone',
      'Contact the central desk',
    ]);
    // What comes before each heading in reading order: its marker.
    const markers = steps.map((heading) => heading.previousElementSibling?.textContent);
    expect(markers.slice(0, 5)).toEqual(['1', '2', '3', 'and', '4']);
    expect(markers.filter((marker) => marker === 'or')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 3 }).map((stage) => stage.textContent)).toEqual([
      'Right now',
      'In the first weeks',
      'Your rights and how to ask for them',
      'Support for the longer term',
    ]);
  });

  it('make "What to bring", "Deadline" and "Whom to contact" headings of the step', () => {
    render(
      <RouterProvider router={createStaticRouter('/en/what-applies-to-me', null)}>
        <PlanSteps stages={planFor(data, NO_ANSWERS, true)} data={data} />
      </RouterProvider>,
    );
    const step = screen.getByRole('heading', { level: 4, name: 'Ask for financial aid' })
      .parentElement as HTMLElement;
    expect(
      within(step)
        .getAllByRole('heading', { level: 5 })
        .map((heading) => heading.textContent),
    ).toEqual(['What to bring', 'Deadline', 'Whom to contact']);
    expect(
      screen.getAllByRole('heading', { level: 5, name: 'Whom to contact' }).length,
    ).toBeGreaterThan(5);
  });
});
