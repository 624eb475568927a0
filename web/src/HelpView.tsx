import { useEffect, useState } from 'preact/hooks';
import { RULE_SET_NAMES, RULE_SETS } from '../../src/tetris/rules.ts';
import { AGENT_IN_PLAIN_WORDS } from './agent-words.ts';
import { AGENTS } from './agents.ts';
import { GUIDES, guideHtml } from './guides.ts';
import { PAGE_GUIDE } from './page-guide.ts';
import { KEY_HELP as SAMEGAME_KEYS } from './samegame/keys.ts';
import { KeyTable } from './KeyTable.tsx';
import { KEY_HELP as TETRIS_KEYS } from './tetris/keyboard.ts';

/** The guide an address names, `#/help/NAME`, or null for the Help page itself. */
const guideIn = (hash: string): string | null => /^#\/help\/([\w-]+)$/.exec(hash)?.[1] ?? null;

/** The Help page (`#/help`): the pages, the keys, the rules, the agents and the guides; a guide at `#/help/NAME`. */
export function HelpView() {
  const guide = guideIn(location.hash);
  return guide === null ? <HelpContents /> : <Guide name={guide} />;
}

function HelpContents() {
  return (
    <section class="page help-page">
      <h2>Help</h2>
      <p class="lead">
        Gridmind is a workbench for game-playing AI: Tetris and SameGame to play, agents that play them by search, and the tools to measure,
        tune and explain those agents. This app is its window; the <code>gridmind</code> command does the rest (
        <code>npx gridmind --help</code>).
      </p>

      <h3>The pages</h3>
      <dl class="page-list">
        {Object.entries(PAGE_GUIDE).map(([name, page]) => (
          <div key={name}>
            <dt>
              <a href={`#/${name}`}>{page.title}</a>
            </dt>
            <dd>{page.about}</dd>
          </div>
        ))}
      </dl>

      <h3>Keys</h3>
      <div class="key-tables">
        <div>
          <h4>Tetris</h4>
          <KeyTable keys={TETRIS_KEYS} label="Tetris keys" />
        </div>
        <div>
          <h4>SameGame</h4>
          <KeyTable keys={SAMEGAME_KEYS} label="SameGame keys" />
        </div>
      </div>

      <h3>Tetris rules</h3>
      <dl class="page-list">
        {RULE_SET_NAMES.map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              {RULE_SETS[name].summary}; a {RULE_SETS[name].width} × {RULE_SETS[name].height} board to start with.
            </dd>
          </div>
        ))}
      </dl>

      <h3>The agents</h3>
      <dl class="page-list">
        {AGENTS.map((agent) => (
          <div key={agent.name}>
            <dt>{agent.name}</dt>
            <dd>
              {AGENT_IN_PLAIN_WORDS[agent.name]} <span class="hint reference">Source: {agent.description}</span>
            </dd>
          </div>
        ))}
      </dl>

      <h3>Guides</h3>
      <p>
        The <a href="docs/">documentation</a> holds these guides, a reference of every command and the API reference of the package.
      </p>
      <ul>
        {GUIDES.map((guide) => (
          <li key={guide.name}>
            <a href={`#/help/${guide.name}`}>{guide.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A guide from docs/, rendered. */
function Guide({ name }: { name: string }) {
  const [html, setHtml] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void guideHtml(name).then(setHtml);
  }, [name]);
  return (
    <section class="page guide-page">
      <p>
        <a href="#/help">← Help</a>
      </p>
      {html === undefined && <p>Loading the guide…</p>}
      {html === null && (
        <p class="error" role="alert">
          There is no guide called “{name}”: the guides are listed on the <a href="#/help">Help</a> page.
        </p>
      )}
      {html && <article class="guide" data-testid="guide" dangerouslySetInnerHTML={{ __html: html }} />}
    </section>
  );
}
