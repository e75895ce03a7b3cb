(() => {
  for (const slider of document.querySelectorAll('input[type=range][data-low]')) {
    const output = document.getElementById(slider.getAttribute('aria-describedby'));
    const update = () => {
      const value = Number(slider.value) / 100;
      output.textContent = value < 0.34 ? slider.dataset.low : value < 0.67 ? slider.dataset.medium : slider.dataset.high;
    };
    slider.addEventListener('input', update);
  }
  const generating = document.getElementById('generating');
  const form = document.querySelector('form[action="/onboarding"]');
  if (!generating || !form) return;
  form.addEventListener('submit', event => {
    if (!event.submitter || event.submitter.value !== 'next') return;
    form.hidden = true;
    generating.hidden = false;
    const steps = generating.querySelectorAll('li');
    let index = 0;
    const advance = () => {
      steps.forEach((step, i) => step.className = i < index ? 'done' : i === index ? 'active' : '');
      if (index < steps.length - 1) { index += 1; setTimeout(advance, 900); }
    };
    advance();
  });
})();
