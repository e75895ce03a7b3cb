"use strict";
// Settings → Time zone: a search box that narrows the long list of zones, and, for a person who never chose a
// zone, the browser's own zone selected (saved only when they press Save). Without scripts the list works alone.
(() => {
  const select = document.getElementById("time-zone");
  const box = document.querySelector("[data-zone-search]");
  if (!select || !box) return;
  const search = document.getElementById("zone-search");
  const status = document.getElementById("zone-search-status");
  const options = Array.from(select.options);
  box.hidden = false;
  const normalized = (text) => text.toLowerCase().replace(/[\s_]+/g, " ");
  search.addEventListener("input", () => {
    const query = normalized(search.value.trim());
    let shown = 0;
    let first = null;
    for (const option of options) {
      const match = !query || normalized(option.value).includes(query) || option.selected;
      option.hidden = !match;
      option.disabled = !match;
      if (match) { shown += 1; if (!first && normalized(option.value).includes(query)) first = option; }
    }
    if (query && first && !normalized(select.value).includes(query)) select.value = first.value;
    status.textContent = query ? (first ? `${shown} zones match; ${select.value} is selected.` : "No time zone matches.") : "";
  });
  if (select.hasAttribute("data-suggest-browser-zone")) {
    let zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { /* none: the list stays as it is */ }
    const known = options.find((option) => option.value === zone);
    if (known && select.value !== zone) {
      select.value = zone;
      document.getElementById("zone-browser-status").textContent = `Your browser's time zone, ${zone}, is selected. Press Save to keep it.`;
    }
  }
})();
