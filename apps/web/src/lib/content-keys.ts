/**
 * The enquiry inbox's query key. Two areas use it: the public cooperation form adds to the inbox
 * (the site's api) and the back office lists it (the console's content api); areas never import
 * each other (boundaries.test.ts), so the key they share lives here.
 */
export const ENQUIRIES_KEY = ['enquiries'] as const;
