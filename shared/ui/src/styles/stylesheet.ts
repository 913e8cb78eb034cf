import { buttonsCss } from '../buttons/buttons.css.js';
import { dataCss } from '../data/data.css.js';
import { feedbackCss } from '../feedback/feedback.css.js';
import { formsCss } from '../forms/forms.css.js';
import { layoutCss } from '../layout/layout.css.js';
import { navCss } from '../nav/nav.css.js';
import { overlaysCss } from '../overlays/overlays.css.js';
import { themeCss } from '../theme/theme.css.js';
import { baseCss } from './base.css.js';
import { tokensCss } from './tokens.css.js';

/** Bumped whenever the stylesheet changes incompatibly; written on the <style> element. */
export const STYLESHEET_VERSION = '0.1.0';

/**
 * The whole design system as one stylesheet. It sits in a cascade layer so that any
 * unlayered rule in the shell or a remote wins over it without specificity games.
 */
export const portalStylesheet = `@layer portal-ui {
${tokensCss}
${baseCss}
${layoutCss}
${buttonsCss}
${formsCss}
${dataCss}
${navCss}
${overlaysCss}
${feedbackCss}
${themeCss}
}`;
