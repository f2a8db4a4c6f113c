import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { useRouter } from '../router/use-router.js';
import { Link } from './link.js';
import { Outlet } from './outlet.js';
import { ServerOnly } from './server-only.js';
import { useLoaderData } from './use-loader-data.js';

function ReadsData() {
  useLoaderData();
  return null;
}

function ReadsRouter() {
  useRouter();
  return null;
}

describe('components outside a kit tree', () => {
  it('Outlet, useLoaderData and useRouter name the misuse', () => {
    expect(thrownBy(() => renderToString(<Outlet />), KitReactError)).toMatchObject({
      code: 'outlet_outside_layout',
      message: '<Outlet /> was rendered outside a kit route level: render it only in a _layout.tsx component, where the page goes.',
    });
    expect(thrownBy(() => renderToString(<ReadsData />), KitReactError)).toMatchObject({ code: 'loader_data_outside_level' });
    expect(thrownBy(() => renderToString(<ReadsRouter />), KitReactError)).toMatchObject({
      code: 'router_outside_app',
      message: 'useRouter() was called outside a kit app: call it in a component rendered by a page or a layout.',
    });
  });

  it('Link renders a plain anchor with its props', () => {
    expect(
      renderToString(
        <Link href="/tickets/2" className="nav" target="_blank" prefetch="viewport">
          Ticket
        </Link>,
      ),
    ).toBe('<a class="nav" target="_blank" href="/tickets/2">Ticket</a>');
  });

  it('ServerOnly renders its children in a display: contents wrapper, nested ones as they are', () => {
    const html = renderToString(
      <ServerOnly>
        <p>outer</p>
        <ServerOnly>
          <p>inner</p>
        </ServerOnly>
      </ServerOnly>,
    );
    expect(html).toMatch(/^<div data-kit-server-only="[^"]+" style="display:contents"><p>outer<\/p><p>inner<\/p><\/div>$/);
  });
});
