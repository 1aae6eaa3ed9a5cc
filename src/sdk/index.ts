/** The SDK's entry: the script-tag bundle exposes these on `window.Lastro`, the module exports them. */
export { Card } from './card';
export { fields } from './fields';
