import { randomUUID } from 'node:crypto';
import { checkCount, checkRecord, checkText } from '../memory/checks.js';
import {
  guardStore,
  openStoreDatabase,
  statementCache,
  type ComponentSchema,
  type SqliteConnection,
  type Statement,
} from '../memory/sqlite-database.js';
import type { AgentSkill } from '../skills/types.js';
import {
  checkDelta,
  checkExperienceQuery,
  checkId,
  checkNewExperience,
  checkNewStrategy,
  checkPruning,
  checkSkill,
  clampUtility,
  unknownStrategy,
  type NewExperience,
} from './checks.js';
import { strategiesToPrune } from './pruning.js';
import { orderExperiences, rankSkills, rankStrategies } from './ranking.js';
import type { EvolutionStats, EvolutionStore, Experience, ExperienceQuery, NewStrategy, PruningConfig, Strategy } from './types.js';

const component = 'SqliteEvolutionStore';

/** Options of `SqliteEvolutionStore`. */
export interface SqliteEvolutionStoreOptions {
  /**
   * The database file, relative to the working directory; its folder is created when missing. `:memory:`
   * keeps the database in the process only. Default `./.kit/evolution.sqlite`. The file may be shared with a
   * `SqliteMemoryBackend`: their tables do not overlap.
   */
  path?: string;
}

const schema: ComponentSchema = {
  name: 'evolution',
  migrations: [
    `CREATE TABLE evolution_experiences (
       seq INTEGER PRIMARY KEY AUTOINCREMENT,
       id TEXT NOT NULL UNIQUE,
       goal TEXT NOT NULL,
       outcome TEXT NOT NULL,
       body TEXT NOT NULL,
       recorded_at TEXT NOT NULL,
       recorded_ms INTEGER NOT NULL
     );
     CREATE INDEX evolution_experiences_time ON evolution_experiences (recorded_ms);
     CREATE TABLE evolution_strategies (
       seq INTEGER PRIMARY KEY AUTOINCREMENT,
       id TEXT NOT NULL UNIQUE,
       content TEXT NOT NULL,
       source TEXT NOT NULL,
       utility REAL NOT NULL,
       applications INTEGER NOT NULL,
       created_at TEXT NOT NULL,
       updated_at TEXT NOT NULL
     );
     CREATE TABLE evolution_skills (
       seq INTEGER PRIMARY KEY AUTOINCREMENT,
       id TEXT NOT NULL UNIQUE,
       name TEXT NOT NULL UNIQUE,
       body TEXT NOT NULL,
       stored_at TEXT NOT NULL
     );`,
  ],
};

interface StrategyRow {
  seq: number;
  id: string;
  content: string;
  source: string;
  utility: number;
  applications: number;
  created_at: string;
  updated_at: string;
}

function strategyOf(row: StrategyRow): Strategy {
  return {
    id: row.id,
    content: row.content,
    source: JSON.parse(row.source) as string[],
    utility: row.utility,
    applications: row.applications,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The persistent `EvolutionStore`, on SQLite (better-sqlite3, WAL journal): what an agent learned survives
 * restarts and deployments on one machine, and several processes may share the file. Behaves exactly as
 * `InMemoryEvolutionStore`: the same lexical ranking (ties by utility), utility clamped to 0..1, the same
 * pruning. Call `close()` when done.
 *
 * @example
 * ```ts
 * import { SqliteEvolutionStore, createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const store = new SqliteEvolutionStore({ path: './.kit/evolution.sqlite' });
 * const agent = createSmartAgent({
 *   llm,
 *   tools: [],
 *   evolution: { store, capture: 'every-run', pruning: { maxStrategies: 200, minUtility: 0.2 } },
 * });
 * const result = await agent.run('Summarise the open support tickets');
 * console.log(result.status, await store.getStats());
 * store.close();
 * ```
 */
export class SqliteEvolutionStore implements EvolutionStore {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #db: SqliteConnection;
  readonly #sql: (sql: string, raw?: boolean) => Statement;

  constructor(options: SqliteEvolutionStoreOptions = {}) {
    checkRecord(component, options, 'options');
    const opened = openStoreDatabase(component, options.path ?? './.kit/evolution.sqlite', schema);
    this.#db = opened.connection;
    this.#sql = statementCache(this.#db);
    this.path = opened.location;
  }

  /** Saves an experience; resolves with its new id (a UUID). `recordedAt` is now. */
  async recordExperience(experience: NewExperience): Promise<string> {
    checkNewExperience(`${component}.recordExperience`, experience);
    return this.#guard(() => {
      const id = randomUUID();
      const recorded = new Date();
      this.#sql('INSERT INTO evolution_experiences (id, goal, outcome, body, recorded_at, recorded_ms) VALUES (?, ?, ?, ?, ?, ?)').run(
        id,
        experience.goal,
        experience.outcome,
        JSON.stringify(experience),
        recorded.toISOString(),
        recorded.getTime(),
      );
      return id;
    });
  }

  /** Experiences passing the filters, by relevance to `query.goal` or newest first. */
  async queryExperiences(query: ExperienceQuery): Promise<Experience[]> {
    checkExperienceQuery(`${component}.queryExperiences`, query);
    return this.#guard(() => {
      const conditions: string[] = [];
      const args: unknown[] = [];
      if (query.outcome !== undefined) {
        conditions.push('outcome = ?');
        args.push(query.outcome);
      }
      if (query.since !== undefined) {
        conditions.push('recorded_ms >= ?');
        args.push(Date.parse(query.since));
      }
      if (query.ids !== undefined) {
        conditions.push('id IN (SELECT value FROM json_each(?))');
        args.push(JSON.stringify(query.ids));
      }
      const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
      // Rank on goals and times only; the bodies (trajectories) are read for the experiences returned.
      const light = this.#sql(`SELECT seq, goal, recorded_at AS recordedAt FROM evolution_experiences${where}`).all(...args) as {
        seq: number;
        goal: string;
        recordedAt: string;
      }[];
      const chosen = orderExperiences(
        light.map((row) => ({ item: row, sequence: row.seq })),
        query,
      );
      if (chosen.length === 0) return [];
      const rows = this.#sql(
        'SELECT seq, id, body, recorded_at FROM evolution_experiences WHERE seq IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(chosen.map((row) => row.seq))) as {
        seq: number;
        id: string;
        body: string;
        recorded_at: string;
      }[];
      const bySeq = new Map(rows.map((row) => [row.seq, row]));
      return chosen.flatMap(({ seq }) => {
        const row = bySeq.get(seq);
        return row ? [{ ...(JSON.parse(row.body) as NewExperience), id: row.id, recordedAt: row.recorded_at }] : [];
      });
    });
  }

  /** Saves a strategy with its utility clamped to 0..1; resolves with its new id. */
  async storeStrategy(strategy: NewStrategy): Promise<string> {
    checkNewStrategy(`${component}.storeStrategy`, strategy);
    return this.#guard(() => {
      const id = randomUUID();
      const now = new Date().toISOString();
      this.#sql(
        'INSERT INTO evolution_strategies (id, content, source, utility, applications, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(id, strategy.content, JSON.stringify(strategy.source), clampUtility(strategy.utility), strategy.applications, now, now);
      return id;
    });
  }

  /** The `k` strategies most relevant to `query`, ties by utility; by utility for a query without terms. */
  async queryStrategies(query: string, k: number): Promise<Strategy[]> {
    checkText(`${component}.queryStrategies`, query, 'query');
    const count = checkCount(`${component}.queryStrategies`, k);
    if (count <= 0) return [];
    return this.#guard(() => {
      const rows = this.#sql('SELECT * FROM evolution_strategies').all() as StrategyRow[];
      return rankStrategies(
        query,
        rows.map((row) => ({ item: strategyOf(row), sequence: row.seq })),
        count,
      );
    });
  }

  /** Adds `delta` to the utility, clamped to 0..1. */
  async updateStrategyUtility(id: string, delta: number): Promise<void> {
    checkId(`${component}.updateStrategyUtility`, id);
    checkDelta(`${component}.updateStrategyUtility`, delta);
    this.#guard(() =>
      // Read and write in one IMMEDIATE transaction, so two processes rating the same strategy add up.
      this.#db
        .transaction(() => {
          const row = this.#sql('SELECT utility FROM evolution_strategies WHERE id = ?').get(id) as { utility: number } | undefined;
          if (!row) throw unknownStrategy(`${component}.updateStrategyUtility`, id);
          this.#sql('UPDATE evolution_strategies SET utility = ?, updated_at = ? WHERE id = ?').run(
            clampUtility(row.utility + delta),
            new Date().toISOString(),
            id,
          );
        })
        .immediate(),
    );
  }

  /** Counts one more application. */
  async incrementStrategyApplications(id: string): Promise<void> {
    checkId(`${component}.incrementStrategyApplications`, id);
    this.#guard(() => {
      const { changes } = this.#sql('UPDATE evolution_strategies SET applications = applications + 1, updated_at = ? WHERE id = ?').run(
        new Date().toISOString(),
        id,
      );
      if (changes === 0) throw unknownStrategy(`${component}.incrementStrategyApplications`, id);
    });
  }

  /** Deletes a strategy; resolves with whether it existed. */
  async removeStrategy(id: string): Promise<boolean> {
    checkId(`${component}.removeStrategy`, id);
    return this.#guard(() => this.#sql('DELETE FROM evolution_strategies WHERE id = ?').run(id).changes > 0);
  }

  /** Saves a skill, replacing one of the same name (which keeps its id). */
  async storeSkill(skill: AgentSkill): Promise<string> {
    checkSkill(`${component}.storeSkill`, skill);
    return this.#guard(() =>
      this.#db
        .transaction(() => {
          const existing = this.#sql('SELECT id FROM evolution_skills WHERE name = ?').get(skill.name) as { id: string } | undefined;
          const id = existing?.id ?? randomUUID();
          // Delete and insert rather than update, so a replaced skill counts as the newest in ties.
          this.#sql('DELETE FROM evolution_skills WHERE name = ?').run(skill.name);
          this.#sql('INSERT INTO evolution_skills (id, name, body, stored_at) VALUES (?, ?, ?, ?)').run(
            id,
            skill.name,
            JSON.stringify(skill),
            new Date().toISOString(),
          );
          return id;
        })
        .immediate(),
    );
  }

  /** The `k` skills most relevant to `query`, ties by utility; by utility for a query without terms. */
  async querySkills(query: string, k: number): Promise<AgentSkill[]> {
    checkText(`${component}.querySkills`, query, 'query');
    const count = checkCount(`${component}.querySkills`, k);
    if (count <= 0) return [];
    return this.#guard(() => {
      const rows = this.#sql('SELECT seq, body, stored_at FROM evolution_skills').all() as {
        seq: number;
        body: string;
        stored_at: string;
      }[];
      return rankSkills(
        query,
        rows.map((row) => ({ item: { skill: JSON.parse(row.body) as AgentSkill, storedAt: row.stored_at }, sequence: row.seq })),
        count,
      );
    });
  }

  /** Removes strategies by `minUtility`, `maxAgeDays` and `maxStrategies`; resolves with how many. */
  async pruneStrategies(config: PruningConfig): Promise<number> {
    checkPruning(`${component}.pruneStrategies`, config);
    return this.#guard(() =>
      this.#db
        .transaction(() => {
          const rows = this.#sql('SELECT seq, id, utility, updated_at FROM evolution_strategies').all() as {
            seq: number;
            id: string;
            utility: number;
            updated_at: string;
          }[];
          const doomed = strategiesToPrune(
            rows.map((row) => ({ id: row.id, utility: row.utility, updatedAt: row.updated_at, sequence: row.seq })),
            config,
            Date.now(),
          );
          if (doomed.size > 0)
            this.#sql('DELETE FROM evolution_strategies WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify([...doomed]));
          return doomed.size;
        })
        .immediate(),
    );
  }

  /** Counts of experiences (per outcome), strategies and skills, and the mean strategy utility. */
  async getStats(): Promise<EvolutionStats> {
    return this.#guard(() => {
      const outcomes: EvolutionStats['outcomes'] = { success: 0, failure: 0, partial: 0 };
      const outcomeRows = this.#sql('SELECT outcome, count(*) AS count FROM evolution_experiences GROUP BY outcome').all() as {
        outcome: Experience['outcome'];
        count: number;
      }[];
      let experiences = 0;
      for (const row of outcomeRows) {
        outcomes[row.outcome] = row.count;
        experiences += row.count;
      }
      const strategies = this.#sql('SELECT count(*) AS count, total(utility) AS total FROM evolution_strategies').get() as {
        count: number;
        total: number;
      };
      const skills = this.#sql('SELECT count(*) AS count FROM evolution_skills').get() as { count: number };
      return {
        experiences,
        strategies: strategies.count,
        skills: skills.count,
        averageUtility: strategies.count === 0 ? 0 : strategies.total / strategies.count,
        outcomes,
      };
    });
  }

  /** Closes the database; later calls reject with `store_failed`. Closing twice is harmless. */
  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #guard<T>(operation: () => T): T {
    return guardStore(component, this.#db, this.path, operation);
  }
}
