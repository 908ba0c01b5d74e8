/** The explanation shown beside Krippendorff's α (figure and table). */
export const ALPHA_HELP =
  "Krippendorff's α (nominal): 1 − observed / expected disagreement, over every pair of verdicts given to the same item. " +
  '1 = the judges always agree, 0 = no better than chance, below 0 = systematic disagreement; ≥ 0.8 is the usual bar for reliable ' +
  "labels, ≥ 0.667 for tentative conclusions (Krippendorff). Unlike Fleiss' κ it allows items with different numbers of valid " +
  'verdicts: invalid verdicts and judges an item does not have are missing, and an item with fewer than two valid verdicts drops out. ' +
  "Source: Krippendorff (2011), Computing Krippendorff's Alpha-Reliability.";
