/**
 * slotProps of a filter's select whose first choice is 'all' (value ''): that choice shows in the
 * box with the label above, as the date range shows 'All Time'. An empty box left a long label
 * running under the select's arrow on phones.
 */
export const showsAllChoice = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
