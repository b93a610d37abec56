// Pages one area shows inside another area's frame. Areas never import each other
// (boundaries.test.ts); the app layer composes them, so the one place a page crosses an area
// is named here. Each is a loader, so the page stays its own chunk, loaded on opening.

/** The public training page (/shezhenshixun) in the site's frame. */
export const loadTrainingIntro = () => import('../areas/training/TrainingIntro.js');

/** The member's team display: ECharts' map and the China GeoJSON, loaded only on opening. */
export const loadTeamDisplay = () => import('../areas/display/TeamDisplay.js');
