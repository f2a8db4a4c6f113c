import { slug } from 'github-slugger';
import type { Taxonomy } from '../types.js';

/** A topic name as the service keeps it: lower-case kebab-case (`Getting Started` is `getting-started`). */
export function topicName(text: string): string {
  return slug(text.replace(/^\d+[-_.]\s*(?=.)/, ''));
}

/** The topic a document's top-level folder gives it (`api/context.md` has `api`), if it is in one. */
export function folderTopic(path: string): string | undefined {
  const slash = path.indexOf('/');
  if (slash <= 0) return undefined;
  const name = topicName(path.slice(0, slash));
  return name === '' ? undefined : name;
}

/**
 * The taxonomy of a documentation set that has none: every topic used (top-level folders, front
 * matter `tags`, `keywords` and `topics`, section topics comments) is a category of its own, so that
 * `topic` filtering accepts each of them. There are no example topics.
 */
export function inferTaxonomy(topics: Iterable<string>): Taxonomy {
  const names = [...new Set(topics)].filter((name) => name !== '').sort();
  return {
    categories: new Map(names.map((name) => [name, []])),
    categoryOf: new Map(names.map((name) => [name, name])),
    exampleTopics: [],
  };
}
