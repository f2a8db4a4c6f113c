// Starts Swagger UI on the API reference page. Kept in a file because the page's Content Security
// Policy allows no inline script.
const container = document.getElementById('swagger-ui');
const dark = window.matchMedia('(prefers-color-scheme: dark)');
const followScheme = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
followScheme();
dark.addEventListener('change', followScheme);
if (container && typeof window.SwaggerUIBundle === 'function') {
  window.SwaggerUIBundle({
    url: container.dataset.specUrl,
    domNode: container,
    deepLinking: true,
    // Validation would send the document to an outside service; it is checked in the tests instead.
    validatorUrl: null,
    tryItOutEnabled: false,
  });
}
