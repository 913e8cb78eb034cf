// supabase-js prints a notice on every import under Node 20 ("Node.js 20 and below are
// deprecated…"). The project's supported machine runs Node 20 (package.json engines), so in a
// test run the notice says nothing new and, repeated with a code frame by every suite, buries the
// output that matters. Only that exact notice is dropped; every other warning still prints.
const NODE_20_NOTICE = 'Node.js 20 and below are deprecated';
const warn = console.warn;
console.warn = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes(NODE_20_NOTICE)) return;
  warn(...args);
};
