/** The fields of a section that the index scores, in a fixed order. */
export const FIELDS = ['title', 'heading', 'code', 'text', 'topics', 'lead'] as const;
export type FieldName = (typeof FIELDS)[number];

/**
 * BM25F parameters per field. `weight` multiplies the field's term frequency; `lengthNormalisation`
 * is BM25's `b` (how much a long field dilutes a match). Headings and code identifiers say what a
 * section is about, so they weigh most; the body is the baseline; a document title is shared by all
 * of its sections and says less about any one of them. The lead (the first sentence of prose, also
 * part of the body) usually says what the section is for in words, where the heading names it in
 * code (`showRoutes()`: "displays the registered routes in your console"), so its words count twice.
 */
export const FIELD_PARAMETERS: Readonly<Record<FieldName, { weight: number; lengthNormalisation: number }>> = {
  title: { weight: 1.5, lengthNormalisation: 0.3 },
  heading: { weight: 4, lengthNormalisation: 0.4 },
  code: { weight: 2, lengthNormalisation: 0.6 },
  text: { weight: 1, lengthNormalisation: 0.75 },
  topics: { weight: 1.5, lengthNormalisation: 0 },
  lead: { weight: 2, lengthNormalisation: 0.75 },
};

/** BM25's saturation constant: how quickly more occurrences stop adding relevance. */
export const K1 = 1.2;
