import { describe, expect, it } from 'vitest';
import { StaticRoutes } from './static-routes.js';

describe('StaticRoutes', () => {
  it('finds the endpoint of a static path by method, reading the path up to the query or fragment', () => {
    const routes = new StaticRoutes<string>();
    routes.add('GET', '/api/hello', 'hello');
    routes.add('POST', '/api/hello', 'create');
    expect(routes.match('GET', 'http://localhost:3000/api/hello?name=Ada')).toBe('hello');
    expect(routes.match('POST', 'http://localhost/api/hello')).toBe('create');
    expect(routes.match('GET', 'http://localhost/api/hello#top')).toBe('hello');
    expect(routes.match('DELETE', 'http://localhost/api/hello')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/api/hello/')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/api/Hello')).toBeUndefined();
  });

  it('leaves HEAD, percent-encoded paths and paths with parameters to the router', () => {
    const routes = new StaticRoutes<string>();
    routes.add('GET', '/api/hello', 'hello');
    routes.add('GET', '/api/items/:id', 'item');
    expect(routes.match('HEAD', 'http://localhost/api/hello')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/api/hell%6F')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/api/items/1')).toBeUndefined();
  });

  it('leaves out a static path that an earlier route with parameters of the same method also matches', () => {
    const routes = new StaticRoutes<string>();
    routes.add('GET', '/api/tickets/:id', 'ticket');
    routes.add('GET', '/api/tickets/stats', 'stats');
    routes.add('POST', '/api/tickets/stats', 'post stats');
    routes.add('GET', '/api/tickets/stats/today', 'today');
    routes.add('GET', '/files/*', 'files');
    routes.add('GET', '/files/readme', 'readme');
    routes.add('GET', '/files', 'files root');
    routes.add('GET', '/filesystem', 'filesystem');
    expect(routes.match('GET', 'http://localhost/api/tickets/stats')).toBeUndefined();
    expect(routes.match('POST', 'http://localhost/api/tickets/stats')).toBe('post stats');
    expect(routes.match('GET', 'http://localhost/api/tickets/stats/today')).toBe('today');
    expect(routes.match('GET', 'http://localhost/files/readme')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/files')).toBeUndefined();
    expect(routes.match('GET', 'http://localhost/filesystem')).toBe('filesystem');
  });

  it('keeps the first endpoint of a path added twice, as the router does', () => {
    const routes = new StaticRoutes<string>();
    routes.add('GET', '/openapi.json', 'own');
    routes.add('GET', '/openapi.json', 'generated');
    expect(routes.match('GET', 'http://localhost/openapi.json')).toBe('own');
  });
});
