/** Highlight reels' strings (resources.reels.*). */
export default {
  name: 'Reel |||| Reels',
  fields: {
    name: 'Name',
    pageId: 'Page',
    page: 'Page',
    clips: 'Clips',
    credits: "Credit fans' handles",
    status: 'Status',
    progress: 'Progress (%)',
    error: 'Error',
    duration: 'Length (s)',
    verticalKey: '9:16 file',
    squareKey: '1:1 file',
    landscapeKey: '16:9 file',
    urls: 'Videos',
    createdAt: 'Created',
  },
  choices: { status: { queued: 'Queued', rendering: 'Rendering', done: 'Done', failed: 'Failed', outOfDate: 'Out of date' } },
  search: 'Search reels',
  empty: 'No reels yet.',
};
