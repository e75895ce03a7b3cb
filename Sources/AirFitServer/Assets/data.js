"use strict";
// Export history updates by itself: the download leaves the page in place, so once the server has recorded the
// export (it does so before the file starts), the list is read again and replaced.
(() => {
  const form = document.querySelector('form[action="/settings/data/export"]');
  const history = document.querySelector('[data-testid="data.history"]');
  if (!form || !history || !window.fetch || !window.DOMParser) return;
  form.addEventListener("submit", () => {
    const before = history.children.length;
    let tries = 0;
    const timer = setInterval(async () => {
      tries += 1;
      try {
        const page = await fetch("/settings/data", {headers: {Accept: "text/html"}});
        const fresh = new DOMParser().parseFromString(await page.text(), "text/html").querySelector('[data-testid="data.history"]');
        if (fresh && fresh.children.length > before) {
          history.replaceChildren(...Array.from(fresh.children).map((row) => document.importNode(row, true)));
          const empty = document.getElementById("history-empty");
          if (empty) empty.remove();
          clearInterval(timer);
        }
      } catch (error) { /* try again on the next tick */ }
      if (tries >= 30) clearInterval(timer);
    }, 1000);
  });
})();
