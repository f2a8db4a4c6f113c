// kit docs in the browser: instant search in the header and copy buttons on code blocks.
// Pages are complete without this script; it only adds to them. Text from results is always put
// in the page as text nodes, never parsed as HTML.

const input = document.getElementById('search-input');
const panel = document.getElementById('search-results');
const resultLimit = 8;
const debounceMs = 120;

if (input instanceof HTMLInputElement && panel) setUpSearch(input, panel);
setUpCopyButtons();

function setUpSearch(input, panel) {
  const list = element('div', { id: 'search-listbox', role: 'listbox', 'aria-label': 'Search results' });
  const status = element('p', { class: 'search-status', role: 'status' });
  panel.append(status, list);
  Object.entries({ role: 'combobox', 'aria-autocomplete': 'list', 'aria-controls': 'search-listbox', 'aria-expanded': 'false' }).forEach(
    ([name, value]) => input.setAttribute(name, value),
  );
  input.placeholder = 'Search docs ( / or Ctrl K )';

  // A page of a library version other than the default's latest names it on the form, and searches it.
  const { library, version } = input.form?.dataset ?? {};
  const scope = library && version ? `&library=${encodeURIComponent(library)}&version=${encodeURIComponent(version)}` : '';
  let timer = 0;
  let inFlight;
  // The option chosen with the arrows; -1 while none is, when Enter opens the first one.
  let active = -1;
  // The query whose results the list shows, so Enter never opens a result of an earlier query.
  let shownQuery;
  const options = () => [...list.querySelectorAll('[role="option"]')];

  const open = (isOpen) => {
    panel.hidden = !isOpen;
    input.setAttribute('aria-expanded', String(isOpen));
  };
  // select(-1) clears the choice; an index outside the list does too.
  const select = (index) => {
    const all = options();
    active = index >= 0 && index < all.length ? index : -1;
    all.forEach((option, position) => option.setAttribute('aria-selected', String(position === active)));
    if (active >= 0) {
      input.setAttribute('aria-activedescendant', all[active].id);
      all[active].scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };
  const show = (query, results) => {
    const terms = queryTerms(query);
    list.replaceChildren(
      ...results.map((result, index) => {
        const option = element('a', { role: 'option', id: `search-option-${index}`, href: result.url, 'aria-selected': 'false' });
        const heading = element('span', { class: 'result-heading' }, marked(result.section, terms));
        const where = element('span', { class: 'result-doc' }, [` ${result.title}`]);
        const snippet = element('span', { class: 'result-snippet' }, marked(result.snippet, terms));
        option.append(heading, where, snippet);
        return option;
      }),
    );
    status.textContent =
      results.length === 0 ? `No section matches “${query}”.` : `${results.length} results; arrows to choose, Enter to open.`;
    status.classList.toggle('visually-hidden', results.length > 0);
    shownQuery = query;
    select(-1);
    open(true);
  };
  const run = async () => {
    const query = input.value.trim();
    inFlight?.abort();
    if (query === '') {
      list.replaceChildren();
      shownQuery = undefined;
      open(false);
      return;
    }
    inFlight = new AbortController();
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(query)}&limit=${resultLimit}${scope}`, {
        signal: inFlight.signal,
        headers: { Accept: 'application/json' },
      });
      const body = await response.json();
      if (!response.ok) throw new Error(body.detail || `search answered ${response.status}`);
      if (input.value.trim() === query) show(query, body.results);
    } catch (error) {
      if (error.name === 'AbortError') return;
      list.replaceChildren();
      shownQuery = undefined;
      status.textContent = `Search failed: ${error.message}`;
      status.classList.remove('visually-hidden');
      open(true);
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  });
  input.addEventListener('focus', () => {
    if (list.childElementCount > 0 && input.value.trim() !== '') open(true);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (panel.hidden && list.childElementCount > 0) open(true);
      // From no choice, Down goes to the first option and Up to the last; then both wrap around.
      const count = options().length;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (count > 0) select(active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
      event.preventDefault();
    } else if (event.key === 'Enter' && !panel.hidden && shownQuery === input.value.trim()) {
      // The chosen option, or the first when none is chosen; with no results the form goes to /search.
      const target = options()[active >= 0 ? active : 0];
      if (!target) return;
      event.preventDefault();
      open(false);
      location.assign(target.href);
    } else if (event.key === 'Escape') {
      if (!panel.hidden) open(false);
      else input.value = '';
      event.preventDefault();
    }
  });
  document.addEventListener('click', (event) => {
    if (!panel.contains(event.target) && event.target !== input) open(false);
  });
  document.addEventListener('keydown', (event) => {
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (shortcut || (event.key === '/' && !isTyping(event.target))) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
  // A click on a result within the same page changes only the hash: close the panel then too.
  list.addEventListener('click', () => open(false));
}

function setUpCopyButtons() {
  for (const button of document.querySelectorAll('.code .copy')) {
    const code = button.parentElement.querySelector('code');
    if (!code || !navigator.clipboard) continue;
    button.hidden = false;
    button.setAttribute('aria-label', 'Copy code to clipboard');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.textContent);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Copy failed';
      }
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
  }
}

/** Words of the query worth marking: longest first, so a longer term wins where two overlap. */
function queryTerms(query) {
  const words = query
    .toLowerCase()
    .split(/[\s"'`()]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 2);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** Text and <mark> nodes for `text` with every term marked; built as nodes, never as HTML. */
function marked(text, terms) {
  if (terms.length === 0) return [text];
  const pattern = new RegExp(terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(element('mark', {}, [match[0]]));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function element(name, attributes, children = []) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}
