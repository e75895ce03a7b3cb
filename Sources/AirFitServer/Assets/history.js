"use strict";
// Older days load by themselves as the person nears the end of the list; without JavaScript the link is a page.
(() => {
  const list = document.getElementById("history-days");
  if (!list || !window.fetch || !window.DOMParser || !window.IntersectionObserver) return;
  let loading = false;
  const observer = new IntersectionObserver(async (seen) => {
    const more = document.getElementById("history-older");
    if (!more || loading || !seen.some((entry) => entry.isIntersecting)) return;
    loading = true;
    try {
      const page = new DOMParser().parseFromString(await (await fetch(more.href, {headers: {Accept: "text/html"}})).text(), "text/html");
      page.querySelectorAll('#history-days > [data-testid="history.day"]').forEach((day) => list.append(document.importNode(day, true)));
      const next = page.getElementById("history-older");
      // Observing afresh reports where the link is now: still near the screen (a tall screen, a short page) loads the
      // next page at once instead of waiting for a scroll that may never change anything.
      if (next) { more.href = next.href; observer.unobserve(more); observer.observe(more); } else { more.closest("p").remove(); }
    } catch (error) { /* the link still works */ }
    loading = false;
  }, {rootMargin: "400px"});
  const more = document.getElementById("history-older");
  if (more) observer.observe(more);
})();
// The undo after a delete is offered for ten seconds; a reload of the address does not bring it back.
(() => {
  const undo = document.querySelector('[data-testid="entry.undo"]');
  if (!undo) return;
  const url = new URL(location.href);
  url.searchParams.delete("deleted");
  url.searchParams.delete("undo");
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  setTimeout(() => { undo.closest("form").remove(); }, 10000);
})();
