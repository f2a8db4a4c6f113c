/** Ranking constants; docs/search-design.md writes the formula out with them. */
export const RANKING = {
  /** Share of the score kept by a section that matches none of the query's words (only identifiers). */
  coverageFloor: 0.35,
  /** Extra heading factor when the heading holds all of the query's words (scaled by the share squared). */
  headingWords: 0.5,
  /**
   * Extra heading factor for a heading named by the query, times the harmonic mean of the share of
   * the heading's words the query names and the idf-weighted share of the query the heading holds.
   */
  headingNamed: 0.5,
  /** Extra heading factor when the heading names one of the query's whole identifiers. */
  headingIdentifier: 0.6,
  /** Extra heading factor when the heading is nothing but query words. */
  headingExact: 0.3,
  /**
   * Extra heading factor, times the share of the heading's words the query names, when the heading
   * names one function and nothing else (`redirect()`): the function's entry in an API reference.
   */
  headingCall: 0.5,
  /** Quality of a heading word that shares the typed word's stem but is another word (`approve` for `approvals`). */
  sameStemOtherWord: 0.9,
  /** Proximity bonus per adjacent pair of query clauses: proximity × min idf / distance. */
  proximity: 0.3,
  /** Largest distance, in words, that earns a proximity bonus. */
  proximityWindow: 6,
  /** The heading factor is computed for this many best sections only (or `limit`, if larger). */
  rescoreDepth: 64,
  /**
   * On large corpora, a clause reading more postings than max(floor, share × sections) only adds to
   * sections that rarer clauses found (once they fill the page).
   */
  commonClauseFloor: 5000,
  commonClauseShare: 0.125,
  /**
   * Extra heading factor, with a topic filter, when the heading holds a word of the topic
   * (`definePolicy` for topic `policy`): the filter says what the reader is after, so among matching
   * sections the one named after the topic is the likelier answer. Kept small, so it only settles
   * near ties and never outweighs what the query itself says.
   */
  topicHeading: 0.08,
  /** Proximity is computed for this many best sections after the heading factor (or `limit`, if larger). */
  proximityDepth: 30,
} as const;
