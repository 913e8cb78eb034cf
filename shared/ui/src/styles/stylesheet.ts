import { buttonsCss } from '../buttons/buttons.css.js';
import { dataCss } from '../data/data.css.js';
import { tableCss } from '../tables/table.css.js';
import { feedbackCss } from '../feedback/feedback.css.js';
import { formsCss } from '../forms/forms.css.js';
import { layoutCss } from '../layout/layout.css.js';
import { navCss } from '../nav/nav.css.js';
import { overlaysCss } from '../overlays/overlays.css.js';
import { themeCss } from '../theme/theme.css.js';
import { baseCss } from './base.css.js';
import { inSubLayer, STYLE_LAYER_ORDER, STYLE_PART_ORDER, type StylePart } from './parts.js';
import { tokensCss } from './tokens.css.js';

/**
 * The whole design system as one stylesheet: the parts' order, then each part in its sub-layer
 * (for tests and tools; a page only gets the parts of the groups it renders, see parts.ts).
 */
const byName: Record<StylePart['name'], string> = {
  tokens: tokensCss,
  base: baseCss,
  layout: layoutCss,
  buttons: buttonsCss,
  forms: formsCss,
  table: tableCss,
  data: dataCss,
  nav: navCss,
  overlays: overlaysCss,
  feedback: feedbackCss,
  theme: themeCss,
};

export const portalStylesheet = [STYLE_LAYER_ORDER, ...STYLE_PART_ORDER.map((name) => inSubLayer(name, byName[name]))].join('\n');
