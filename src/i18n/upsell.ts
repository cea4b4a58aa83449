/** One title and text per upsell id of the spec. */
export const upsellMessages = {
  upgrade: 'Upgrade',
  /** For members who may not change the plan: the subscription screen shows it read-only. */
  seePlans: 'See plans',
  dismiss: 'Dismiss for 7 days',
  'insight-filter': { title: 'Filter your insights', text: 'Upgrade to filter insights by page and date.' },
  'upload-filter': { title: 'Filter fan uploads', text: 'Upgrade to filter uploads by page, tag, venue, song and more.' },
  'data-filter': { title: 'Filter fan data', text: 'Upgrade to filter fan data and export exactly what you need.' },
  active_pages: { title: 'More active pages', text: 'Your plan has reached its number of active pages. Upgrade to run more pages at once.' },
  page_ads: { title: 'Advertise on your pages', text: 'Page advertising is part of the Enterprise plan.' },
  custom_terms: { title: 'Custom terms', text: 'Upgrade to add your own terms checkboxes to your pages.' },
  invite_user: { title: 'More account users', text: 'Your plan has reached its number of account users. Upgrade to invite more people.' },
  integrations_dropbox: { title: 'Dropbox integration', text: 'Upgrade to copy fan uploads to Dropbox automatically.' },
  uploaded_image: { title: 'Fan photos', text: 'Your plan does not support images. Upgrade now to view this image.' },
  reels: {
    title: 'Highlight reels',
    text: "Highlight reels are part of the Pro plan. Upgrade to cut your fans' best moments into one video for every social format.",
  },
};
