// The registry browser: a page over toolgraph's public GraphQL API (POST /graphql, and the
// toolEvents subscription over yoga's GraphQL-over-SSE transport). No framework, no build step.
// Every value from the API reaches the page through textContent, never as HTML.
//
// Its operations are the documents of operations.graphql, and it sends each by its id, never its
// text: `npm run codegen` lists them in persisted-query-manifest.json, which the page reads its
// ids from and every server trusts, so the page works where trusted documents are enforced.

const ENDPOINT = '/graphql';
const MANIFEST = '/browser/persisted-query-manifest.json';
const PAGE_SIZE = 50;
const MAX_PAGE = 100;

const SOURCE_LABELS = {
  MCP: 'MCP',
  AGENT_SKILL: 'Agent skill',
  BUILTIN: 'Builtin',
  CUSTOM: 'Custom',
  WRAPPED: 'Wrapped',
};

const CAPABILITY_FLAGS = [
  ['readOnly', 'read-only'],
  ['writes', 'writes'],
  ['checkpointable', 'checkpointable'],
  ['idempotent', 'idempotent'],
  ['unsafe', 'unsafe'],
  ['humanApprovalRequired', 'needs human approval'],
];

// Every flag the counts show is a filter too (ToolFilter takes each).
const FILTER_FLAGS = CAPABILITY_FLAGS.map(([flag]) => flag);

// From least to most severe, as the API's FindingSeverity orders them.
const FINDING_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'];

/** The most severe of a tool's findings, or null when it has none. */
function highestSeverity(findings) {
  return findings.reduce((highest, { severity }) => (FINDING_SEVERITIES.indexOf(severity) > FINDING_SEVERITIES.indexOf(highest) ? severity : highest), null);
}

const REVISION_KINDS = {
  CREATED: 'created',
  UPDATED: 'updated',
  DELETED: 'deleted',
  DEPRECATED: 'deprecated',
  UNDEPRECATED: 'undeprecated',
  RESTORED: 'restored',
  RENAMED: 'renamed',
};

const $ = (id) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element;
};

/** Creates an element with text content and attributes; children are appended in order. */
function el(tag, options = {}, ...children) {
  const element = document.createElement(tag);
  if (options.text !== undefined) element.textContent = String(options.text);
  if (options.className) element.className = options.className;
  for (const [name, value] of Object.entries(options.attrs ?? {})) element.setAttribute(name, String(value));
  for (const child of children) if (child) element.append(child);
  return element;
}

const toolHref = (name) => `#tool/${encodeURIComponent(name)}`;

function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
}

function timeElement(iso) {
  return el('time', { text: formatDate(iso), attrs: { datetime: iso } });
}

/** "<time> by <actor>": when a write happened and who made it (a token's name, a JWT's sub, or anonymous). */
function byWhom(iso, actor) {
  return el('span', {}, timeElement(iso), document.createTextNode(' by '), el('span', { className: 'actor', text: actor }));
}

// ---------------------------------------------------------------------------------------------
// GraphQL over HTTP
// ---------------------------------------------------------------------------------------------

/** Each operation's id, by the operation's name, from the manifest (read once). */
const operationIds = (async () => {
  const response = await fetch(MANIFEST, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The page's operations could not be read (${response.status}).`);
  const manifest = await response.json();
  return new Map(manifest.operations.map(({ name, id }) => [name, id]));
})();

/** The id of the operation named `name` of operations.graphql. */
async function operationId(name) {
  const id = (await operationIds).get(name);
  if (!id) throw new Error(`The page has no operation ${name}.`);
  return id;
}

/** Runs the operation named `name` of operations.graphql, sent by its id. */
async function graphql(name, variables) {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ documentId: await operationId(name), operationName: name, variables }),
  });
  let body;
  try {
    body = await response.json();
  } catch {
    throw new Error(`The server answered ${response.status} without a GraphQL response.`);
  }
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  if (!body.data) throw new Error(`The server answered ${response.status} without data.`);
  return body.data;
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

const state = {
  search: '',
  toolType: '',
  order: 'NAME:ASC',
  /** The namespaces and sources picked in the sidebar: a tool of any of them is listed. */
  namespaces: new Set(),
  sources: new Set(),
  flags: Object.fromEntries(FILTER_FLAGS.map((flag) => [flag, false])),
  /** The tools listed so far (several pages after "Load more"). */
  tools: [],
  endCursor: null,
  hasNextPage: false,
  /** The name of the tool shown in the tool view, from the location hash. */
  openTool: null,
  /** The global id of the tool in view (Node.id), once read: how the page reads it again. */
  openToolId: null,
  /** Names changed by live events in the last few seconds: highlighted in the list. */
  recentlyChanged: new Map(),
};

let browseSequence = 0;
let toolSequence = 0;

/** The words of a ranked search (several words), or null for a search of a name or a text. */
function rankedQuery() {
  const words = state.search.trim().split(/\s+/);
  return words.length > 1 ? words.join(' ') : null;
}

/**
 * The ToolFilter of the current state; `withSearch: false` for a ranked search, whose words rank
 * the tools instead. Facets need no filter of their own: the API counts each without its criterion.
 */
function toolFilter({ withSearch = true } = {}) {
  const filter = {};
  if (state.search.trim() && withSearch) filter.search = state.search.trim();
  if (state.toolType) filter.toolType = state.toolType;
  // Lists of what is picked; none picked leaves the criterion out (the API refuses an empty list).
  if (state.namespaces.size > 0) filter.namespaceIn = [...state.namespaces];
  if (state.sources.size > 0) filter.sourceIn = [...state.sources];
  for (const flag of FILTER_FLAGS) if (state.flags[flag]) filter[flag] = true;
  return filter;
}

function toolOrder() {
  const [field, direction] = state.order.split(':');
  return { field, direction };
}

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

// ---------------------------------------------------------------------------------------------
// The list, its facets and counts
// ---------------------------------------------------------------------------------------------

/**
 * Reloads the list and the facets for the current filters. `keepLoaded` (live updates) reloads
 * as many tools as are shown now, so that the list does not shrink back to one page.
 */
async function browse({ keepLoaded = false } = {}) {
  const sequence = ++browseSequence;
  const first = keepLoaded ? Math.min(MAX_PAGE, Math.max(PAGE_SIZE, state.tools.length)) : PAGE_SIZE;
  const ranked = rankedQuery();
  try {
    const data = ranked
      ? await graphql('Ranked', {
          query: ranked,
          filter: toolFilter({ withSearch: false }),
          first: PAGE_SIZE,
        })
      : await graphql('Browse', {
          filter: toolFilter(),
          orderBy: toolOrder(),
          first,
        });
    if (sequence !== browseSequence) return; // a newer request is under way
    showError('');
    if (ranked) {
      state.tools = data.searchTools.map((hit) => ({ ...hit.tool, score: hit.score }));
      state.endCursor = null;
      state.hasNextPage = false;
      renderList(null, ranked);
    } else {
      state.tools = data.tools.edges.map((edge) => edge.node);
      state.endCursor = data.tools.pageInfo.endCursor;
      state.hasNextPage = data.tools.pageInfo.hasNextPage;
      renderList(data.tools.totalCount);
    }
    renderNamespaceFacet(data.toolStats.byNamespace);
    renderSourceFacet(data.toolStats.bySource);
    renderCapabilityCounts(data.toolStats.capabilities);
  } catch (error) {
    if (sequence === browseSequence) showError(`Could not load the tools: ${error.message}`);
  }
}

async function loadMore() {
  if (!state.hasNextPage) return;
  const sequence = browseSequence;
  const button = $('load-more');
  button.disabled = true;
  try {
    const data = await graphql('More', {
      filter: toolFilter(),
      orderBy: toolOrder(),
      first: PAGE_SIZE,
      after: state.endCursor,
    });
    if (sequence !== browseSequence) return;
    state.tools.push(...data.tools.edges.map((edge) => edge.node));
    state.endCursor = data.tools.pageInfo.endCursor;
    state.hasNextPage = data.tools.pageInfo.hasNextPage;
    renderList(data.tools.totalCount);
  } catch (error) {
    showError(`Could not load more tools: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

/** The list; `rankedBy` the words of a ranked search (then there is no total: the best are shown, best first). */
function renderList(totalCount, rankedBy = null) {
  const shown = state.tools.length;
  $('result-count').textContent = rankedBy
    ? shown === 0
      ? `No tool fits “${rankedBy}”.`
      : `The ${shown} ${shown === 1 ? 'tool' : 'tools'} that best fit “${rankedBy}”, best first.`
    : totalCount === 0
      ? 'No tools match.'
      : `${totalCount} ${totalCount === 1 ? 'tool matches' : 'tools match'}` + (shown < totalCount ? `, ${shown} shown` : '') + '.';
  const list = $('tool-list');
  list.replaceChildren(
    ...state.tools.map((tool) => {
      const link = el('a', { text: tool.name, className: 'tool-name', attrs: { href: toolHref(tool.name) } });
      if (tool.name === state.openTool) link.setAttribute('aria-current', 'true');
      const tags = el('span', { className: 'tags' }, el('span', { className: `tag source-${tool.source}`, text: SOURCE_LABELS[tool.source] ?? tool.source }));
      if (tool.toolType === 'VALIDATION') tags.append(el('span', { className: 'tag validation', text: 'validation' }));
      if (tool.status === 'DEPRECATED') tags.append(el('span', { className: 'tag deprecated', text: 'deprecated' }));
      if (tool.capability.readOnly) tags.append(el('span', { className: 'tag flag-readOnly', text: 'read-only' }));
      if (tool.capability.unsafe) tags.append(el('span', { className: 'tag flag-unsafe', text: 'unsafe' }));
      if (tool.capability.humanApprovalRequired) tags.append(el('span', { className: 'tag flag-humanApprovalRequired', text: 'approval' }));
      if (tool.score !== undefined)
        tags.append(
          el('span', {
            className: 'tag score',
            text: `score ${tool.score.toFixed(2)}`,
            attrs: { title: 'How well the tool fits the words of the search (higher is better; comparable within this list only)' },
          }),
        );
      const highest = highestSeverity(tool.findings);
      if (highest !== null) {
        const label = `${tool.findings.length} ${tool.findings.length === 1 ? 'finding' : 'findings'} (${highest})`;
        tags.append(el('span', { className: `tag finding severity-${highest}`, text: label }));
      }
      const item = el(
        'li',
        { className: 'tool-item', attrs: { 'data-tool': tool.name } },
        el('div', { className: 'tool-line' }, link, tags),
        el('p', { className: 'tool-description', text: tool.description }),
      );
      if (state.recentlyChanged.has(tool.name)) item.classList.add('changed');
      return item;
    }),
  );
  $('load-more').hidden = !state.hasNextPage;
}

/** One value of a facet: a checkbox, its label and its count; `data` names the value for tests and styles. */
function facetOption(label, count, checked, onChange, data) {
  const box = el('input', { attrs: { type: 'checkbox' } });
  box.checked = checked;
  box.addEventListener('change', () => onChange(box.checked));
  return el(
    'li',
    {},
    el(
      'label',
      { className: 'facet-option', attrs: data },
      box,
      el('span', { className: 'facet-label', text: label }),
      el('span', { className: 'count', text: count }),
    ),
  );
}

/**
 * A facet's values with their counts, the picked ones kept (with 0) when no tool would add to them,
 * so that a picked value can always be unpicked.
 */
function withPicked(entries, picked) {
  const all = [...entries];
  for (const value of picked) if (!all.some((entry) => entry.value === value)) all.push({ value, count: 0 });
  return all;
}

/** Picks or unpicks `value` of `set` and lists again. */
function toggle(set, value, checked) {
  if (checked) set.add(value);
  else set.delete(value);
  void browse();
}

function renderNamespaceFacet(counts) {
  const entries = withPicked(
    counts.map(({ name, toolCount }) => ({ value: name, count: toolCount })),
    state.namespaces,
  );
  entries.sort((a, b) => a.value.localeCompare(b.value));
  $('namespace-facet').replaceChildren(
    ...entries.map(({ value, count }) =>
      facetOption(value, count, state.namespaces.has(value), (checked) => toggle(state.namespaces, value, checked), { 'data-namespace': value }),
    ),
  );
  if (entries.length === 0) $('namespace-facet').append(el('li', { className: 'muted', text: 'None' }));
}

function renderSourceFacet(counts) {
  const entries = withPicked(
    counts.map(({ source, count }) => ({ value: source, count })),
    state.sources,
  );
  $('source-facet').replaceChildren(
    ...entries.map(({ value, count }) =>
      facetOption(SOURCE_LABELS[value] ?? value, count, state.sources.has(value), (checked) => toggle(state.sources, value, checked), {
        'data-source': value,
      }),
    ),
  );
  if (entries.length === 0) $('source-facet').append(el('li', { className: 'muted', text: 'None' }));
}

function renderCapabilityCounts(capabilities) {
  for (const span of document.querySelectorAll('[data-capability]')) {
    const flag = span.getAttribute('data-capability');
    span.textContent = String(capabilities[flag] ?? 0);
  }
}

// ---------------------------------------------------------------------------------------------
// The tool view
// ---------------------------------------------------------------------------------------------

async function showTool(name) {
  const sequence = ++toolSequence;
  const view = $('tool-view');
  if (!name) {
    state.openToolId = null;
    view.hidden = true;
    document.title = 'toolgraph registry';
    return;
  }
  try {
    const data = await graphql('ToolView', { name });
    if (sequence !== toolSequence) return;
    view.hidden = false;
    state.openToolId = data.tool?.id ?? null;
    if (!data.tool) {
      const found = await graphql('Tombstone', { name });
      if (sequence !== toolSequence) return;
      renderMissingTool(name, found.toolTombstone);
      return;
    }
    renderTool(data.tool);
  } catch (error) {
    if (sequence === toolSequence) showError(`Could not load ${name}: ${error.message}`);
  }
}

/** Reads the tool in view again by its id, after a change; by its name if the id holds no tool any more. */
async function refreshTool(id) {
  const sequence = ++toolSequence;
  try {
    const data = await graphql('ToolById', { id });
    if (sequence !== toolSequence) return;
    if (data.node) renderTool(data.node);
    else void showTool(state.openTool);
  } catch (error) {
    if (sequence === toolSequence) showError(`Could not load ${state.openTool}: ${error.message}`);
  }
}

function clearToolView() {
  for (const id of [
    'tool-description',
    'tool-status',
    'tool-findings',
    'tool-facts',
    'tool-badges',
    'tool-capability',
    'tool-implementation',
    'tool-slots',
    'tool-input-schema',
    'tool-output-schema',
    'tool-lifecycle',
    'tool-wrapped-by',
    'tool-history',
    'tool-revision-changes',
  ]) {
    $(id).replaceChildren();
  }
  $('tool-status').hidden = true;
  $('more-history').hidden = true;
}

/** A name with no tool: never registered, or a tombstone that says when it was deleted (or purged), or where it was renamed to. */
function renderMissingTool(name, tombstone) {
  clearToolView();
  $('tool-heading').textContent = name;
  const description = $('tool-description');
  if (tombstone === null) description.textContent = 'There is no tool with this name.';
  else if (tombstone.renamedTo) {
    description.replaceChildren(
      document.createTextNode('Renamed to '),
      el('a', { text: tombstone.renamedTo, attrs: { href: toolHref(tombstone.renamedTo) } }),
      document.createTextNode(' '),
      byWhom(tombstone.deletedAt, tombstone.deletedBy),
      document.createTextNode('. Its history moved with it; this name stays reserved.'),
    );
  } else {
    const left = tombstone.purged ? 'Purged ' : 'Deleted ';
    description.replaceChildren(document.createTextNode(left), byWhom(tombstone.deletedAt, tombstone.deletedBy), document.createTextNode('.'));
  }
  if (tombstone?.history) renderHistory({ name, id: null }, tombstone.history);
  document.title = `${name} · toolgraph registry`;
}

function facts(list, pairs) {
  list.replaceChildren();
  for (const [term, value] of pairs) {
    if (value === null || value === undefined || value === '') continue;
    list.append(el('dt', { text: term }), el('dd', {}, typeof value === 'object' ? value : document.createTextNode(String(value))));
  }
}

function schemaBlock(schema) {
  if (!schema) return el('p', { className: 'muted', text: 'Not declared.' });
  return el('pre', { className: 'code' }, el('code', { text: JSON.stringify(schema, null, 2) }));
}

function renderImplementation(tool) {
  const implementation = tool.implementation;
  const box = $('tool-implementation');
  const source = el('p', {}, el('span', { className: `tag source-${tool.source}`, text: SOURCE_LABELS[tool.source] ?? tool.source }));
  const details = el('dl', { className: 'facts' });
  switch (implementation.__typename) {
    case 'McpImplementation':
      facts(details, [
        ['MCP server', implementation.server],
        ['Tool on that server', implementation.toolName],
      ]);
      box.replaceChildren(source, details);
      break;
    case 'AgentSkillImplementation':
      facts(details, [['Skill folder', el('code', { text: implementation.path })]]);
      box.replaceChildren(source, details);
      break;
    case 'BuiltinImplementation':
      box.replaceChildren(source, el('p', { text: 'Provided by the agent runtime itself.' }));
      break;
    case 'CustomImplementation':
      box.replaceChildren(
        source,
        el('p', { text: 'Inline Python code (stored and shown, never run by this server):' }),
        el('pre', { className: 'code' }, el('code', { text: implementation.code })),
      );
      break;
    case 'WrappedImplementation':
      box.replaceChildren(
        source,
        el(
          'p',
          {},
          document.createTextNode('A validation that wraps '),
          el('a', { text: implementation.tool.name, attrs: { href: toolHref(implementation.tool.name) } }),
          document.createTextNode('.'),
        ),
      );
      break;
    default:
      box.replaceChildren(source);
  }
}

function renderSlots(slots) {
  const box = $('tool-slots');
  if (slots.length === 0) {
    box.replaceChildren(el('p', { className: 'muted', text: 'No resource slots.' }));
    return;
  }
  const head = el(
    'tr',
    {},
    ...['Name', 'Resource type', 'Access', 'Binding', 'Static resource', 'Required', 'Description'].map((label) =>
      el('th', { text: label, attrs: { scope: 'col' } }),
    ),
  );
  const rows = slots.map((slot) =>
    el(
      'tr',
      {},
      el('th', { attrs: { scope: 'row' } }, el('code', { text: slot.name })),
      el('td', { text: slot.resourceType }),
      el('td', { text: slot.access === 'READ_WRITE' ? 'read and write' : 'read only' }),
      el('td', { text: slot.binding.toLowerCase() }),
      el('td', { text: slot.staticResource ?? '' }),
      el('td', { text: slot.required ? 'yes' : 'no' }),
      el('td', { text: slot.description }),
    ),
  );
  box.replaceChildren(
    el(
      'div',
      { className: 'table-scroll' },
      el(
        'table',
        { className: 'slots' },
        el('caption', { className: 'visually-hidden', text: 'Resource slots' }),
        el('thead', {}, head),
        el('tbody', {}, ...rows),
      ),
    ),
  );
}

/** The deprecation banner: why, since when and by whom, and the replacement as a link. */
/**
 * What the scanner found in the definition, each finding's severity, code, path and message. A
 * finding's message quotes the definition, which its author wrote: text, like every value here.
 */
function renderFindings(findings) {
  const box = $('tool-findings');
  if (findings.length === 0) {
    box.replaceChildren(el('p', { className: 'muted', text: 'No findings.' }));
    return;
  }
  box.replaceChildren(
    el(
      'ul',
      { className: 'findings' },
      ...findings.map((finding) =>
        el(
          'li',
          { className: `finding severity-${finding.severity}` },
          el(
            'p',
            {},
            el('strong', { text: finding.severity }),
            document.createTextNode(' '),
            el('code', { text: finding.code }),
            document.createTextNode(' at '),
            el('code', { className: 'finding-path', text: finding.path }),
          ),
          el('p', { className: 'finding-message', text: finding.message }),
        ),
      ),
    ),
  );
}

function renderStatus(tool) {
  const box = $('tool-status');
  const deprecation = tool.deprecation;
  box.hidden = deprecation === null;
  if (deprecation === null) {
    box.replaceChildren();
    return;
  }
  const replacement = deprecation.replacedByName
    ? el(
        'p',
        {},
        document.createTextNode('Use instead: '),
        deprecation.replacedBy
          ? el('a', { text: deprecation.replacedByName, attrs: { href: toolHref(deprecation.replacedByName) } })
          : el('span', { text: `${deprecation.replacedByName} (no longer registered)` }),
      )
    : null;
  box.replaceChildren(
    el('p', {}, el('strong', { text: 'Deprecated' }), document.createTextNode(' '), byWhom(deprecation.deprecatedAt, deprecation.deprecatedBy)),
    el('p', { className: 'deprecation-message', text: deprecation.message }),
    replacement,
  );
}

// ---------------------------------------------------------------------------------------------
// History: the revisions of the tool in view, newest first; one chosen shows what it changed
// ---------------------------------------------------------------------------------------------

/** Whose history is in view: a tool's (its `id` set) or a deleted tool's tombstone (read by name). */
let historyOf = { name: null, id: null, revisions: [], endCursor: null };

// The definition keys a revision changed: `ToolField` values lower-cased are the config's keys.
const changedKeys = (revision) => revision.changedFields.map((field) => field.toLowerCase());

function renderHistory({ name, id }, history, { append = false } = {}) {
  const revisions = history.edges.map((edge) => edge.node);
  historyOf = { name, id, revisions: append ? [...historyOf.revisions, ...revisions] : revisions, endCursor: history.pageInfo.endCursor };
  const items = revisions.map((revision) => {
    const changed = revision.changedFields.length ? `: ${changedKeys(revision).join(', ')}` : '';
    const button = el(
      'button',
      { className: 'revision', attrs: { type: 'button', 'aria-pressed': 'false', 'data-revision': revision.revision } },
      el('span', { className: 'revision-number', text: `#${revision.revision}` }),
      document.createTextNode(` ${REVISION_KINDS[revision.kind] ?? revision.kind}${changed} — `),
      byWhom(revision.committedAt, revision.actor),
    );
    button.addEventListener('click', () => showRevision(revision.revision));
    return el('li', {}, button);
  });
  if (append) $('tool-history').append(...items);
  else $('tool-history').replaceChildren(...items);
  $('more-history').hidden = !history.pageInfo.hasNextPage;
}

async function loadMoreHistory() {
  const { name, id, endCursor: after } = historyOf;
  try {
    const history = id
      ? (await graphql('MoreHistory', { id, after })).node?.history
      : (await graphql('MoreTombstoneHistory', { name, after })).toolTombstone?.history;
    if (name === historyOf.name && history) renderHistory({ name, id }, history, { append: true });
  } catch (error) {
    showError(`Could not load more history of ${name}: ${error.message}`);
  }
}

/** The definition of the revision before `number` (from the loaded history, else from the API); null before the first. */
async function previousDefinition(name, number) {
  if (number <= 1) return null;
  const loaded = historyOf.revisions.find((revision) => revision.revision === number - 1);
  if (loaded) return loaded.definition;
  const data = await graphql('Revision', { name, revision: number - 1 });
  return data.toolRevision?.definition ?? null;
}

const shown = (value) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A table of the fields revision `number` changed: each with its value before and after. */
async function showRevision(number) {
  const name = historyOf.name;
  const revision = historyOf.revisions.find((candidate) => candidate.revision === number);
  if (!revision) return;
  for (const button of document.querySelectorAll('#tool-history button.revision')) {
    button.setAttribute('aria-pressed', String(button.getAttribute('data-revision') === String(number)));
  }
  const box = $('tool-revision-changes');
  try {
    const before = await previousDefinition(name, number);
    if (name !== historyOf.name) return;
    const heading = el('h4', { text: `Revision #${number}: ${REVISION_KINDS[revision.kind] ?? revision.kind}` });
    const hash = el('p', { className: 'muted' }, document.createTextNode('Content hash '), el('code', { className: 'hash', text: revision.contentHash }));
    const fields = revision.kind === 'CREATED' || before === null ? Object.keys(revision.definition) : changedKeys(revision);
    if (fields.length === 0) {
      box.replaceChildren(heading, hash, el('p', { text: 'The definition did not change.' }));
      return;
    }
    const head = el('tr', {}, ...['Field', 'Before', 'After'].map((label) => el('th', { text: label, attrs: { scope: 'col' } })));
    const rows = fields.map((field) =>
      el(
        'tr',
        {},
        el('th', { attrs: { scope: 'row' } }, el('code', { text: field })),
        el('td', {}, el('pre', { className: 'value', text: before === null ? '' : shown(before[field]) })),
        el('td', {}, el('pre', { className: 'value', text: shown(revision.definition[field]) })),
      ),
    );
    const table = el(
      'table',
      { className: 'changes' },
      el('caption', { className: 'visually-hidden', text: `What revision ${number} changed` }),
      el('thead', {}, head),
      el('tbody', {}, ...rows),
    );
    box.replaceChildren(heading, hash, el('div', { className: 'table-scroll' }, table));
  } catch (error) {
    showError(`Could not load revision ${number} of ${name}: ${error.message}`);
  }
}

function renderTool(tool) {
  document.title = `${tool.name} · toolgraph registry`;
  $('tool-heading').textContent = tool.name;
  $('tool-description').textContent = tool.description;
  renderStatus(tool);
  renderFindings(tool.findings);
  facts($('tool-facts'), [
    ['Namespace', tool.namespace],
    ['Short name', tool.shortName],
    ['Type', tool.toolType === 'VALIDATION' ? 'validation' : 'tool'],
    ['Status', tool.status === 'DEPRECATED' ? 'deprecated' : 'active'],
    ['Timeout', `${tool.timeout} s`],
    ['Created', byWhom(tool.createdAt, tool.createdBy)],
    ['Updated', byWhom(tool.updatedAt, tool.updatedBy)],
    ['Revision', `#${tool.revision}`],
    ['Content hash', el('code', { className: 'hash', text: tool.contentHash })],
  ]);

  const capability = tool.capability;
  const badges = CAPABILITY_FLAGS.filter(([flag]) => capability[flag]).map(([flag, label]) => el('li', { className: `badge flag-${flag}`, text: label }));
  $('tool-badges').replaceChildren(...(badges.length ? badges : [el('li', { className: 'badge none', text: 'no capability flags' })]));
  facts($('tool-capability'), [
    ['Write scope', capability.writeScope],
    ['Checkpoint scope', capability.checkpointScope?.toLowerCase().replace('_', ' ')],
    ['Side effects', capability.sideEffects.join(', ')],
    ['Cost profile', capability.costProfile],
  ]);

  renderImplementation(tool);
  renderSlots(tool.resourceSlots);
  $('tool-input-schema').replaceChildren(schemaBlock(tool.inputSchema));
  $('tool-output-schema').replaceChildren(schemaBlock(tool.outputSchema));

  const lifecycle = tool.lifecycle ?? {};
  const hooks = el('dl', { className: 'facts' });
  facts(hooks, [
    ['Discover', lifecycle.discover],
    ['Activate', lifecycle.activate],
    ['Deactivate', lifecycle.deactivate],
  ]);
  $('tool-lifecycle').replaceChildren(hooks.childElementCount ? hooks : el('p', { className: 'muted', text: 'No hooks.' }));

  $('tool-wrapped-by').replaceChildren(
    tool.wrappedBy.length
      ? el(
          'ul',
          {},
          ...tool.wrappedBy.map((validation) =>
            el(
              'li',
              {},
              el('a', { text: validation.name, attrs: { href: toolHref(validation.name) } }),
              document.createTextNode(` — ${validation.description}`),
            ),
          ),
        )
      : el('p', { className: 'muted', text: 'No validations wrap this tool.' }),
  );

  $('tool-revision-changes').replaceChildren();
  renderHistory({ name: tool.name, id: tool.id }, tool.history);
}

function toolFromHash() {
  const match = /^#tool\/(.+)$/.exec(location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

async function onHashChange() {
  state.openTool = toolFromHash();
  for (const link of document.querySelectorAll('#tool-list a[aria-current]')) link.removeAttribute('aria-current');
  if (state.openTool) {
    const current = document.querySelector(`#tool-list li[data-tool="${CSS.escape(state.openTool)}"] a`);
    current?.setAttribute('aria-current', 'true');
  }
  await showTool(state.openTool);
  if (state.openTool) $('tool-heading').focus();
}

// ---------------------------------------------------------------------------------------------
// Live updates: the toolEvents subscription over SSE
// ---------------------------------------------------------------------------------------------

let refreshTimer = null;

function setLiveStatus(stateName, text) {
  const status = $('live-status');
  status.dataset.state = stateName;
  status.textContent = text;
}

function onToolEvent(event) {
  const verb = REVISION_KINDS[event.kind] ?? event.kind.toLowerCase();
  setLiveStatus('live', `Live: ${event.name} ${verb} at ${formatDate(event.occurredAt)}`);
  $('announcer').textContent = `${event.name} ${verb}`;
  state.recentlyChanged.set(event.name, Date.now());
  setTimeout(() => {
    const changedAt = state.recentlyChanged.get(event.name);
    if (changedAt !== undefined && Date.now() - changedAt >= 4000) {
      state.recentlyChanged.delete(event.name);
      document.querySelector(`#tool-list li[data-tool="${CSS.escape(event.name)}"]`)?.classList.remove('changed');
    }
  }, 4000);
  // The tool in view, changed, is read again by its id; the name in the address, when it now holds
  // no tool (deleted, renamed away: its tombstone says where the tool went) or another one, by name.
  const nameLeft = event.renamedFrom === state.openTool || (event.name === state.openTool && !event.tool);
  if (!nameLeft && event.tool && event.tool.id === state.openToolId) void refreshTool(state.openToolId);
  else if (nameLeft || event.name === state.openTool) void showTool(state.openTool);
  // Several events in a burst (an import) cause one reload.
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void browse({ keepLoaded: true }), 100);
}

/** Delay before the next reconnection: doubles after each failed try, back to 1 s after an event. */
let reconnectDelay = 1000;

function resubscribe(text) {
  // Keep an error the server sent in view while waiting.
  if ($('live-status').dataset.state !== 'error') setLiveStatus('connecting', text);
  setTimeout(() => void subscribe(), reconnectDelay);
  reconnectDelay = Math.min(reconnectDelay * 2, 30_000);
}

async function subscribe() {
  let url;
  try {
    url = `${ENDPOINT}?documentId=${encodeURIComponent(await operationId('BrowserEvents'))}`;
  } catch (error) {
    setLiveStatus('error', `Live updates failed: ${error.message}`);
    return;
  }
  const source = new EventSource(url);
  let opened = false;
  source.addEventListener('open', () => {
    setLiveStatus('live', 'Live: showing changes as they happen');
    // Events may have been missed while disconnected.
    if (opened) void browse({ keepLoaded: true });
    opened = true;
  });
  source.addEventListener('next', (message) => {
    let payload;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    if (payload.errors?.length) {
      setLiveStatus('error', `Live updates failed: ${payload.errors.map((error) => error.message).join('; ')}`);
      return;
    }
    if (payload.data?.toolEvents) {
      reconnectDelay = 1000;
      onToolEvent(payload.data.toolEvents);
    }
  });
  source.addEventListener('complete', () => {
    source.close();
    resubscribe('Live updates ended; reconnecting…');
  });
  source.addEventListener('error', () => {
    // The browser reconnects by itself after a dropped connection; not after a refused one.
    if (source.readyState === EventSource.CLOSED) resubscribe('Live updates unavailable; retrying…');
    else setLiveStatus('connecting', 'Live updates interrupted; reconnecting…');
  });
}

// ---------------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------------

function start() {
  const form = $('filter-form');
  let searchTimer = null;
  $('search').addEventListener('input', (event) => {
    state.search = event.target.value;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void browse(), 200);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(searchTimer);
    void browse();
  });
  $('tool-type').addEventListener('change', (event) => {
    state.toolType = event.target.value;
    void browse();
  });
  $('order').addEventListener('change', (event) => {
    state.order = event.target.value;
    void browse();
  });
  for (const flag of FILTER_FLAGS) {
    form.elements.namedItem(flag).addEventListener('change', (event) => {
      state.flags[flag] = event.target.checked;
      void browse();
    });
  }
  form.addEventListener('reset', () => {
    clearTimeout(searchTimer);
    Object.assign(state, { search: '', toolType: '', order: 'NAME:ASC' });
    state.namespaces.clear();
    state.sources.clear();
    for (const flag of FILTER_FLAGS) state.flags[flag] = false;
    void browse();
  });
  $('load-more').addEventListener('click', () => void loadMore());
  $('more-history').addEventListener('click', () => void loadMoreHistory());
  $('close-tool').addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', location.pathname + location.search);
    void onHashChange();
  });
  window.addEventListener('hashchange', () => void onHashChange());

  void browse();
  void onHashChange();
  void subscribe();
}

start();
