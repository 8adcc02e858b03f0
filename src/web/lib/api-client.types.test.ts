import { describe, expect, expectTypeOf, it } from 'vitest';
import { signOut } from '../../shared/auth';
import { replaceMoviePoster, searchTmdb } from '../../shared/boards';
import { getProduct, listProducts, type Product } from '../../shared/products';
import { resetStaffPassword } from '../../shared/staff';
import { callApi } from './api-client';

/**
 * callApi's options are typed from the contract: a call without a path parameter, query or body
 * the endpoint requires does not compile. The calls below are type-checked (`npm run typecheck`),
 * never run: each `@ts-expect-error` fails the typecheck if its line compiles after all.
 */
function calls(): unknown[] {
  return [
    // Fine: everything required is there.
    callApi(getProduct, { params: { id: 'a' } }),
    callApi(resetStaffPassword, { params: { id: 'a' }, body: { password: 'long-enough-1' } }),
    callApi(listProducts),
    callApi(listProducts, { query: { page: 2 } }),
    callApi(searchTmdb, { query: { query: 'Lighthouse' } }),
    callApi(replaceMoviePoster, { params: { id: 'm' }, body: { tmdbId: 1 } }),
    callApi(replaceMoviePoster, { params: { id: 'm' }, form: new FormData() }),
    callApi(signOut, { body: {} }),

    // @ts-expect-error -- the path parameter is required
    callApi(getProduct),
    // @ts-expect-error -- the path parameter is required
    callApi(getProduct, {}),
    // @ts-expect-error -- a parameter the path does not have
    callApi(getProduct, { params: { productId: 'a' } }),
    // @ts-expect-error -- the body is required
    callApi(resetStaffPassword, { params: { id: 'a' } }),
    // @ts-expect-error -- the body's field is required
    callApi(resetStaffPassword, { params: { id: 'a' }, body: {} }),
    // @ts-expect-error -- an endpoint without path parameters takes none
    callApi(listProducts, { params: { id: 'a' } }),
    // @ts-expect-error -- the search text is a required query field
    callApi(searchTmdb, { query: {} }),
    // @ts-expect-error -- the search query itself is required
    callApi(searchTmdb),
    // @ts-expect-error -- the poster is a JSON body or a form, not neither
    callApi(replaceMoviePoster, { params: { id: 'm' } }),
    // @ts-expect-error -- sign-out takes an (empty) body
    callApi(signOut),
  ];
}

describe('callApi types', () => {
  it('types the answer from the endpoint and the options from its contract (checked by typecheck)', () => {
    expectTypeOf<Awaited<ReturnType<typeof callApi<typeof getProduct>>>>().toEqualTypeOf<Product>();
    expect(calls).toBeTypeOf('function');
  });
});
