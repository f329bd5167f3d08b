// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasRoute, loadAllRoutes, routeFor, routeModules, routes } from './routes';

describe('route modules', () => {
  it('declare exactly the paths of the routes they bring', async () => {
    await loadAllRoutes();
    for (const m of routeModules) {
      const brought = routes.filter((r) => r.from === m.from).map((r) => r.path);
      expect(brought.sort(), m.from).toEqual([...m.paths].sort());
    }
  });

  it('never bring a path the core table or another module has', async () => {
    await loadAllRoutes();
    const paths = routes.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });

  it('answer for their paths once loaded, and hasRoute knows them before', async () => {
    expect(hasRoute('/dashboard/forms/volunteer/12')).toBe(true);
    expect(hasRoute('/dashboard/nothing-here')).toBe(false);
    await loadAllRoutes();
    expect(routeFor('/dashboard/forms/volunteer/12').page).toBe('dashboard/forms/submission');
    expect(routeFor('/opportunities/some-slug').pending).toBeUndefined();
    expect(routeFor('/dashboard/nothing-here').page).toBe('404');
  });
});
