/**
 * The path segment of a model's routes: its name in kebab-case, made plural by the regular English
 * rules (`ticket` → `tickets`, `category` → `categories`, `box` → `boxes`, `projectSetting` →
 * `project-settings`). Irregular plurals are not guessed; pass `basePath` for those.
 */
export function pluralSegment(modelName: string): string {
  const words = modelName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_+/g, '-')
    .toLowerCase()
    .split('-')
    .filter((word) => word !== '');
  const last = words.pop() ?? '';
  return [...words, plural(last)].join('-');
}

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
