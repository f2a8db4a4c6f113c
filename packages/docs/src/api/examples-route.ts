import { defineAPI, KitError, quoteInput } from '@kit/kit-core';
import type { ContentStore } from '../service/state.js';
import { chooseVersion, namedOf, versionUrls } from './library-choice.js';
import { examplesInput, examplesOutput } from './schemas.js';
import { suggest } from './suggest.js';
import { fitToBudget } from './token-budget.js';
import type { UrlMaker } from './urls.js';

/**
 * `GET /api/examples`: complete code examples for a topic, those whose main topic it is first. An
 * unknown topic is a 404 that lists the topics there are.
 */
export function examplesRoute(store: ContentStore, url: UrlMaker) {
  return defineAPI({
    description:
      'Returns working code examples for a topic (complete files with a description and the url of the section they illustrate). Topics include defineAPI, defineModel, authentication, routing, deployment, policy, ai-toolkit, database, loader and middleware.',
    capability: 'read',
    resource: 'examples',
    input: examplesInput,
    output: examplesOutput,
    handler: async ({ input }) => {
      const chosen = chooseVersion(store.catalog, input);
      const { content } = chosen.state;
      const link = versionUrls(url, chosen);
      const topics = content.taxonomy.exampleTopics;
      const topic = topics.find((candidate) => candidate.toLowerCase() === input.topic.trim().toLowerCase());
      if (!topic) {
        const suggestions = suggest(input.topic, topics);
        const available = topics.length > 0 ? `Available topics: ${topics.join(', ')}.` : 'This documentation has no examples.';
        throw new KitError('not_found', `No examples for topic ${quoteInput(input.topic)}. ${available}`, { suggestions });
      }
      const examples = content.examples
        .filter((example) => example.topics.includes(topic))
        .map((example, position) => ({ example, rank: example.topics.indexOf(topic), position }))
        .sort((a, b) => a.rank - b.rank || a.position - b.position)
        .slice(0, input.limit)
        .map(({ example }) => ({
          title: example.title,
          description: example.description,
          code: example.code,
          language: example.language,
          relatedDocs: link(example.relatedDocs),
        }));
      const named = namedOf(input, chosen);
      if (input.tokens === undefined) return { ...named, topic, examples, total: examples.length };
      // An example is a complete file: it is sent whole or left out, never cut.
      const { kept, report } = fitToBudget(examples, input.tokens, {
        url: (example) => example.relatedDocs,
        next: 'Send a larger tokens, or a smaller limit to get fewer whole examples.',
        frame: { ...named, topic, examples: [], total: examples.length },
      });
      return { ...named, topic, examples: kept, total: kept.length, budget: report };
    },
  });
}
