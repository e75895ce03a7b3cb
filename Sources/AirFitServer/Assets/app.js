"use strict";
document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-open-dialog]");
  if (opener) {
    const dialog = document.getElementById(opener.dataset.openDialog);
    if (dialog && typeof dialog.showModal === "function") { event.preventDefault(); dialog.showModal(); }
    return;
  }
  const closer = event.target.closest("dialog [data-close]");
  if (closer && !closer.closest("[data-script-managed]")) closer.closest("dialog").close();
});
