import type { BenchEngine } from '../engine.js';

/**
 * The baseline the benchmark defines: for each query word, +10 when the section title contains it,
 * +5 when a topic does, +1 per occurrence in the text (case-insensitive substring matching).
 */
export const naiveEngine: BenchEngine = {
  name: 'naive substring',
  configuration: '+10 per query word in the heading, +5 in topics, +1 per occurrence in the text; ties in corpus order',
  build(sections) {
    const prepared = sections.map((section) => ({
      id: section.id,
      title: section.heading.toLowerCase(),
      topics: section.topics.join(' ').toLowerCase(),
      text: section.text.toLowerCase(),
      topicSet: new Set(section.topics),
    }));
    return {
      search(query, options) {
        const words = query
          .toLowerCase()
          .split(/\s+/u)
          .filter((word) => word.length > 0);
        const scored: { id: string; score: number; order: number }[] = [];
        prepared.forEach((section, order) => {
          if (options.topic !== undefined && !section.topicSet.has(options.topic)) return;
          let score = 0;
          for (const word of words) {
            if (section.title.includes(word)) score += 10;
            if (section.topics.includes(word)) score += 5;
            score += countOccurrences(section.text, word);
          }
          if (score > 0) scored.push({ id: section.id, score, order });
        });
        scored.sort((a, b) => b.score - a.score || a.order - b.order);
        return scored.slice(0, options.limit).map((entry) => entry.id);
      },
    };
  },
};

function countOccurrences(text: string, word: string): number {
  let count = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) count += 1;
  return count;
}
