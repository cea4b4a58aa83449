/** A day as the subscription screens show it ('December 23, 2026' in English). */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
