/**
 * The visualizer page's own parts of the client script: requests to the REST graph routes with the
 * user's token (from the URL fragment, the session or the token field), and the start (stats, then the
 * initial query, stats refreshed every 5 s). The MCP App defines `api` and its start instead.
 */
export const REST_API_SCRIPT = String.raw`
  var tokenInput = el('token');

  var fragment = new URLSearchParams(location.hash.slice(1));
  tokenInput.value = fragment.get('token') || sessionStorage.getItem('constellation-token') || '';
  tokenInput.addEventListener('change', function () { sessionStorage.setItem('constellation-token', tokenInput.value.trim()); refreshStats(); });

  function api(method, path, body) {
    var headers = { 'Accept': 'application/json' };
    var token = tokenInput.value.trim();
    if (token) headers['X-JWT-Token'] = token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (json) {
          if (!res.ok || json.success === false) {
            var message = typeof json.error === 'string' ? json.error : (json.detail && json.detail.message) || ('HTTP ' + res.status);
            throw new Error(message);
          }
          return json;
        });
      });
  }
`;

export const PAGE_START_SCRIPT = String.raw`
  refreshStats().then(function () { return runQuery(el('query').value || INITIAL_QUERY); });
  setInterval(refreshStats, 5000);
`;
