/**
 * node-postgres warns (and pg 9 refuses) when a query is sent on a client that is still running one: it happens when
 * one transaction's statements are started together (Promise.all on its executor), and leaves their order undefined.
 * In the tests the warning is an error.
 */
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) throw warning;
});
