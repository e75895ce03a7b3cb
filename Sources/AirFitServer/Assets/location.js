"use strict";
// "Use my location": the browser's position, rounded here to two decimals (about 1 km) before it is put in the
// coordinates form and sent; the server rounds again and never stores more. Without JavaScript the button stays
// hidden and the form takes typed coordinates.
(() => {
  const button = document.querySelector('[data-testid="location.useMine"]');
  const form = document.getElementById("coordinates-form");
  const status = document.getElementById("use-mine-status");
  if (!button || !form || !status || !("geolocation" in navigator)) return;
  const rounded = (value) => (Math.round(value * 100) / 100).toFixed(2);
  button.hidden = false;
  button.addEventListener("click", () => {
    button.disabled = true;
    status.textContent = "Finding your location…";
    navigator.geolocation.getCurrentPosition((position) => {
      form.elements.latitude.value = rounded(position.coords.latitude);
      form.elements.longitude.value = rounded(position.coords.longitude);
      status.textContent = "Saving " + form.elements.latitude.value + ", " + form.elements.longitude.value + "…";
      form.submit();
    }, (error) => {
      button.disabled = false;
      status.textContent = error.code === error.PERMISSION_DENIED
        ? "Your browser did not share your location. Allow it for this site, or search for your town instead."
        : "Your location could not be found right now. Search for your town, or enter coordinates.";
    }, {enableHighAccuracy: false, timeout: 15000, maximumAge: 600000});
  });
})();
