"use strict";
// The sign-in provider sent the person back: post its answer on at once (the page's Continue button does the same
// without scripts).
document.querySelectorAll("form[data-autosubmit]").forEach((form) => { form.submit(); });
