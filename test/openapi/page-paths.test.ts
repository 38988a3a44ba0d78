import { beforeAll, describe, expect, it } from 'vitest';
import type { Spec } from '../../api/openapi/load-spec.ts';
import { listOperations } from '../../api/openapi/operations.ts';
import { filenameSlug, generatedPages, operationPagePath, uniquePath } from '../../api/openapi/page-paths.ts';
import { FIXTURES, specAt } from './spec-files.ts';

let plants: Spec;
beforeAll(async () => {
  plants = await specAt(FIXTURES, 'plants.yaml');
});

const summary = (groups: ReturnType<typeof generatedPages>) =>
  groups.map((group) => ({ group: group.group, pages: group.pages.map((page) => `${page.path}${page.isHidden ? ' (hidden)' : ''}`) }));

describe("Mintlify's generated page paths", () => {
  it.each([
    ['Create an Adyen payment session', 'create-an-adyen-payment-session'],
    ['Checkout State', 'checkout-state'],
    [
      'Mark the payment intent as confirmed and move the order to the complete state.',
      'mark-the-payment-intent-as-confirmed-and-move-the-order-to-the-complete-state',
    ],
    ['Get a list of all shelves (in the repo)', 'get-a-list-of-all-shelves-in-the-repo'],
    ["Get the user's {id}", 'get-the-users-'],
    ['/users/{id}/posts', 'users-posts'],
    ['Über: the café', 'über:-the-café'],
  ])('names %j %j', (text, slug) => {
    expect(filenameSlug(text)).toBe(slug);
  });

  it('groups pages by tag in the order the document uses them, labelled by x-group, without x-excluded, hidden ones flagged', () => {
    expect(summary(generatedPages(plants))).toEqual([
      {
        group: 'Plant care',
        pages: [
          'api-reference/plant-care/list-plants',
          'api-reference/plant-care/add-a-plant',
          'api-reference/plant-care/get-a-plant',
          'api-reference/plant-care/put-plants-water',
          'api-reference/plant-care/list-hidden-plants (hidden)',
          'api-reference/plant-care/plant-added',
        ],
      },
      { group: 'Shop', pages: ['deprecated-endpoints/legacy-endpoint', 'api-reference/shop/list-pots', 'api-reference/shop/list-pots-1'] },
      { group: 'API Reference', pages: ['api-reference/status', 'api-reference/planthidden (hidden)'] },
    ]);
  });

  it('titles pages as Mintlify does, x-mint metadata first', () => {
    const pages = generatedPages(plants).flatMap((group) => group.pages);
    expect(pages.map((page) => [page.title, page.sidebarTitle])).toContainEqual(['Plant a plant', 'Add']);
    expect(pages.map((page) => page.title)).toContain('PUT /plants/{plantId}/water');
    expect(pages.map((page) => page.title)).toContain('plantHidden');
  });

  it("puts pages under a group's directory, keeping x-mint.href as written", () => {
    const paths = generatedPages(plants, { directory: '/reference/plants/' }).flatMap((group) => group.pages.map((page) => page.path));
    expect(paths[0]).toBe('reference/plants/plant-care/list-plants');
    expect(paths).toContain('deprecated-endpoints/legacy-endpoint');
  });

  it('keeps paths unique across the documents of a site', () => {
    const taken = new Set<string>();
    const first = generatedPages(plants, { taken }).flatMap((group) => group.pages.map((page) => page.path));
    const second = generatedPages(plants, { taken }).flatMap((group) => group.pages.map((page) => page.path));
    expect(second[0]).toBe('api-reference/plant-care/list-plants-1');
    expect(second).toContain('api-reference/shop/list-pots-2');
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
  });

  it('gives a METHOD /path navigation entry the same path, made unique by the caller', () => {
    const operation = listOperations(plants).find((candidate) => candidate.path === '/shop/pots/all')!;
    expect(operationPagePath(operation)).toBe('api-reference/shop/list-pots');
    const taken = new Set(['api-reference/shop/list-pots']);
    expect(uniquePath(operationPagePath(operation), taken)).toBe('api-reference/shop/list-pots-1');
    expect(taken.has('api-reference/shop/list-pots-1')).toBe(true);
  });
});
