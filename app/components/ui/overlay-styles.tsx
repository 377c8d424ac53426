/**
 * The few rules Tailwind classes cannot express, shipped inside the component that needs them
 * (the CSP allows inline styles), so an overlay needs no global stylesheet:
 * - scroll lock: while any element marked data-scroll-lock is in the page, the page does not scroll;
 * - entry animations, only for people who have not asked for reduced motion.
 */
const OVERLAY_CSS = `
html:has([data-scroll-lock]){overflow:hidden}
@keyframes fxn-fade-in{from{opacity:0}}
@keyframes fxn-slide-in-right{from{transform:translateX(100%)}}
@keyframes fxn-pop-in{from{opacity:0;transform:translateY(8px) scale(.98)}}
@media (prefers-reduced-motion:no-preference){
.fxn-backdrop{animation:fxn-fade-in .2s ease-out}
.fxn-drawer{animation:fxn-slide-in-right .24s cubic-bezier(.2,.8,.2,1)}
.fxn-modal{animation:fxn-pop-in .2s ease-out}
}`;

export function OverlayStyles() {
  // A constant string: React would entity-escape text children, which a <style> does not decode.
  return <style dangerouslySetInnerHTML={{ __html: OVERLAY_CSS }} />;
}
