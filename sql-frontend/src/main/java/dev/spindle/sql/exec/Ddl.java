package dev.spindle.sql.exec;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.common.id.GlobalId;
import dev.spindle.common.row.Row;
import dev.spindle.common.time.Frontier;
import dev.spindle.common.type.Column;
import dev.spindle.common.type.ColumnType;
import dev.spindle.common.type.RelationDesc;
import dev.spindle.compute.expr.Mfp;
import dev.spindle.compute.expr.ScalarExpr;
import dev.spindle.compute.plan.DataflowDescription;
import dev.spindle.compute.plan.Plan;
import dev.spindle.planner.QueryPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.catalog.KeyConstraint;
import dev.spindle.planner.peek.PeekPlanner;
import dev.spindle.planner.system.SystemSchema;
import dev.spindle.sql.StatementResult;
import dev.spindle.sql.coord.Coordinator;
import dev.spindle.sql.parser.SpindleParser;
import dev.spindle.sql.parser.ddl.DropBehavior;
import dev.spindle.sql.parser.ddl.SqlColumnDeclaration;
import dev.spindle.sql.parser.ddl.SqlCreateIndex;
import dev.spindle.sql.parser.ddl.SqlCreateTable;
import dev.spindle.sql.parser.ddl.SqlCreateView;
import dev.spindle.sql.parser.ddl.SqlDropIndex;
import dev.spindle.sql.parser.ddl.SqlDropObject;
import dev.spindle.sql.parser.ddl.SqlDropTable;
import dev.spindle.sql.parser.ddl.SqlTableConstraint;
import dev.spindle.sql.unique.KeyCounts;
import dev.spindle.sql.unique.UniqueKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;

/**
 * CREATE and DROP of tables, views and indexes. Catalog changes are serialized by the
 * coordinator's write lock and published as a new catalog snapshot once the object exists (an
 * index: once it is readable).
 *
 * <p>Thread-safety: stateless over a thread-safe coordinator.
 */
public final class Ddl {
    private final Coordinator coord;
    private final Queries queries;

    public Ddl(Coordinator coord, Queries queries) {
        this.coord = coord;
        this.queries = queries;
    }

    /**
     * The name of a user object (or column) that a statement creates, drops or writes; a system
     * relation's is refused (42501, see {@link ObjectNames}).
     */
    static String name(SqlIdentifier id) {
        return ObjectNames.userObject(id);
    }

    private static SpindleException alreadyExists(String name) {
        return new SpindleException(ErrorCode.TABLE_ALREADY_EXISTS_1, name);
    }

    // ------------------------------------------------------------------ tables

    public StatementResult createTable(SqlCreateTable stmt) {
        String name = name(stmt.name());
        List<Column> columns = new ArrayList<>();
        List<KeyConstraints.Spec> keys = new ArrayList<>();
        List<ScalarExpr> defaults = new ArrayList<>();
        Map<String, Integer> positions = new HashMap<>();
        for (SqlColumnDeclaration c : stmt.columns()) {
            String cn = name(c.name());
            if (positions.put(cn, columns.size()) != null) {
                throw new SpindleException(ErrorCode.DUPLICATE_COLUMN_1, "column \"" + cn + "\" specified more than once");
            }
            columns.add(new Column(cn, ColumnTypes.of(c.type())));
            defaults.add(c.defaultValue() == null ? null : constant(c.defaultValue()));
            if (c.primaryKey()) {
                keys.add(new KeyConstraints.Spec(null, true, List.of(columns.size() - 1)));
            }
            if (c.unique()) {
                keys.add(new KeyConstraints.Spec(null, false, List.of(columns.size() - 1)));
            }
        }
        for (SqlTableConstraint k : stmt.constraints()) {
            List<Integer> cols = new ArrayList<>();
            for (SqlNode n : k.columns()) {
                String cn = name((SqlIdentifier) n);
                Integer p = positions.get(cn);
                if (p == null) {
                    throw new SpindleException(ErrorCode.COLUMN_NOT_FOUND_1, cn);
                }
                if (cols.contains(p)) {
                    throw new SpindleException(ErrorCode.DUPLICATE_COLUMN_1, "column \"" + cn + "\" appears twice in "
                            + (k.isPrimaryKey() ? "primary key" : "unique") + " constraint");
                }
                cols.add(p);
            }
            keys.add(new KeyConstraints.Spec(k.name() == null ? null : name(k.name()), k.isPrimaryKey(), cols));
        }
        List<Integer> primaryKey = List.of();
        for (KeyConstraints.Spec k : keys) {
            if (k.primaryKey()) {
                if (!primaryKey.isEmpty()) {
                    throw new SpindleException(ErrorCode.INVALID_TABLE_DEFINITION_1,
                            "multiple primary keys for table \"" + name + "\" are not allowed");
                }
                primaryKey = k.columns();
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            boolean notNull = !stmt.columns().get(i).nullability().nullable() || primaryKey.contains(i);
            columns.set(i, new Column(columns.get(i).name(), columns.get(i).type().withNullable(!notNull)));
        }
        RelationDesc desc = new RelationDesc(columns);
        synchronized (coord.writeLock()) {
            if (coord.nameTaken(name)) {
                if (stmt.ifNotExists()) {
                    return new StatementResult.Done("CREATE TABLE", List.of());
                }
                throw alreadyExists(name);
            }
            List<KeyConstraint> constraints = KeyConstraints.of(name, desc, keys, coord::nameTaken);
            GlobalId id = GlobalId.user(coord.nextId());
            coord.tables().create(id, desc);
            coord.sealThrough(coord.oracle().readTimestamp());
            for (KeyConstraint k : constraints) {
                coord.uniqueKeys().add(new KeyCounts(id, id, k.name(), UniqueKey.ofColumns(desc, k.columns()), true));
            }
            coord.updateCatalog(c -> c.with(new CatalogItem.Table(id, name, desc, constraints, defaults)));
            coord.catalogTables().commit();
        }
        return new StatementResult.Done("CREATE TABLE", List.of());
    }

    /** A DEFAULT's value, typed as written (inserts cast it to the column's type). */
    private ScalarExpr constant(SqlNode expr) {
        String sql = "SELECT " + SpindleParser.unparse(expr);
        QueryPlanner.Lowered l = queries.planner(Catalog.empty()).lower(SpindleParser.parse(sql), sql);
        Plan p = l.query().body().plan();
        ColumnType type = l.query().outputTypes().get(0);
        Row row = null;
        if (p instanceof Plan.Constant && ((Plan.Constant) p).rows().size() == 1) {
            row = ((Plan.Constant) p).rows().get(0).row();
        } else if (p instanceof Plan.MapFilterProject && ((Plan.MapFilterProject) p).input() instanceof Plan.Constant) {
            Plan.Constant c = (Plan.Constant) ((Plan.MapFilterProject) p).input();
            Mfp mfp = ((Plan.MapFilterProject) p).mfp();
            if (c.rows().size() == 1) {
                row = mfp.evaluator().apply(c.rows().get(0).row());
            }
        }
        if (row == null) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "DEFAULT expressions that are not constant");
        }
        int[] projection = l.query().finishing().projection();
        return ScalarExpr.literal(row.get(projection == null ? 0 : projection[0]), type);
    }

    // ------------------------------------------------------------------ views

    public StatementResult createView(SqlCreateView stmt) {
        String name = name(stmt.name());
        String sql = SpindleParser.unparse(stmt.query());
        synchronized (coord.writeLock()) {
            Catalog catalog = coord.catalog();
            CatalogItem existing = catalog.byName(name).orElse(null);
            if (existing == null && coord.nameTaken(name) // an index being built has it
                    || existing != null && !(stmt.replace() && existing instanceof CatalogItem.View)) {
                if (stmt.ifNotExists()) {
                    return new StatementResult.Done("CREATE VIEW", List.of());
                }
                throw alreadyExists(name);
            }
            QueryPlanner.Lowered l = queries.planner(catalog).lower(SpindleParser.parse(sql), sql);
            List<Column> cols = new ArrayList<>();
            List<String> names = l.names();
            if (stmt.columns() != null) {
                if (stmt.columns().size() != names.size()) {
                    throw new SpindleException(ErrorCode.SYNTAX_ERROR_1, "view \"" + name + "\" has " + names.size()
                            + " columns but " + stmt.columns().size() + " names");
                }
                names = new ArrayList<>();
                for (SqlNode n : stmt.columns()) {
                    names.add(name((SqlIdentifier) n));
                }
            }
            for (int i = 0; i < names.size(); i++) {
                cols.add(new Column(names.get(i), l.query().outputTypes().get(i)));
            }
            Set<GlobalId> deps = new LinkedHashSet<>(l.lowering().tables());
            deps.addAll(l.lowering().views().keySet());
            if (existing != null && !catalog.dependents(existing.id()).isEmpty()) {
                throw new SpindleException(ErrorCode.DEPENDENT_OBJECTS_STILL_EXIST_2, "view " + name,
                        describe(catalog.dependents(existing.id()).get(0)));
            }
            GlobalId id = existing != null ? existing.id() : GlobalId.user(coord.nextId());
            String stored = stmt.columns() == null ? sql : "SELECT * FROM (" + sql + ") AS v(" + String.join(", ", quoted(names)) + ")";
            CatalogItem.View view = new CatalogItem.View(id, name, stored, new RelationDesc(cols), deps);
            coord.updateCatalog(c -> c.with(view));
            coord.catalogTables().commit();
        }
        return new StatementResult.Done("CREATE VIEW", List.of());
    }

    private static List<String> quoted(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            out.add('"' + n.replace("\"", "\"\"") + '"');
        }
        return out;
    }

    // ------------------------------------------------------------------ indexes

    /**
     * CREATE INDEX. A re-export is made under the write lock (it arranges nothing). An original
     * index is planned and its dataflow created under the lock with its name reserved, then
     * hydrates without it — writes go on and the dataflow follows them — and joins the catalog
     * under the lock again, if what it indexes is still there unchanged (else 42P01).
     *
     * <p>{@code CREATE UNIQUE INDEX} (on a table only, 0A000 on a view or system relation) also
     * makes a uniqueness rule ({@link UniqueIndexBuild}): registered under the lock, so it counts
     * every commit from the index's time on, it counts the table's rows at that time without the
     * lock before the index hydrates, and fails with 23505 if a key repeats, then or when the index
     * joins the catalog; from then on it is enforced like a UNIQUE constraint.
     */
    public StatementResult createIndex(SqlCreateIndex stmt) {
        List<String> warnings = new ArrayList<>();
        GlobalId id;
        CatalogItem.Index index;
        CatalogItem indexed;
        DataflowDescription dataflow;
        long hydrateAsOf;
        UniqueIndexBuild unique = null;
        synchronized (coord.writeLock()) {
            Catalog catalog = coord.catalog();
            id = GlobalId.user(coord.nextId());
            long asOf = coord.oracle().readTimestamp();
            IndexPlan plan = planIndex(catalog, stmt, id, asOf);
            if (plan == null) {
                return new StatementResult.Done("CREATE INDEX", List.of());
            }
            CatalogItem on = plan.on();
            String name = plan.name();
            List<ScalarExpr> key = plan.key();
            List<Integer> keyColumns = plan.keyColumns();
            CatalogItem.Index original = plan.original();
            DataflowDescription d = plan.dataflow();
            if (plan.warning() != null) {
                warnings.add(plan.warning());
            }
            coord.introspection().beforeBuild(d);
            index = new CatalogItem.Index(id, name, on.id(), key, keyColumns, original == null ? null : original.id(),
                    stmt.unique());
            if (original != null) {
                awaitReadable(coord.nextId(), d, id, asOf);
                if (!stmt.unique()) {
                    CatalogItem.Index reexport = index;
                    coord.updateCatalog(c -> c.with(reexport));
                    coord.catalogTables().commit();
                    return new StatementResult.Done("CREATE INDEX", warnings);
                }
            }
            if (stmt.unique()) { // counts every commit after asOf from now on (the lock is still held)
                unique = UniqueIndexBuild.start(coord, queries.control(), (CatalogItem.Table) on, index,
                        UniqueIndexBuild.keyText(stmt, keyColumns, ((CatalogItem.Table) on).desc()), asOf);
            }
            coord.reserveName(name);
            indexed = on;
            dataflow = original == null ? d : null; // a unique re-export has its dataflow already
            hydrateAsOf = asOf;
        }
        try {
            if (unique != null) {
                unique.countRows();
            }
            if (dataflow != null) {
                queries.control().progress(hydration(id, "CREATE INDEX " + index.name(), indexed, hydrateAsOf));
                awaitReadable(coord.nextId(), dataflow, id, hydrateAsOf);
            }
        } catch (RuntimeException | Error e) { // running out of memory too: the hydrating dataflow must go
            synchronized (coord.writeLock()) {
                coord.releaseName(index.name());
                if (unique != null) {
                    unique.abandon();
                }
            }
            dropQuietly(id);
            throw e;
        } finally {
            queries.control().progress(null);
        }
        synchronized (coord.writeLock()) {
            coord.releaseName(index.name());
            if (!coord.catalog().get(indexed.id()).map(indexed::equals).orElse(false)) {
                dropQuietly(id);
                if (unique != null) {
                    unique.abandon();
                }
                throw new SpindleException(ErrorCode.TABLE_NOT_FOUND_1, indexed.name()); // dropped or replaced meanwhile
            }
            if (unique != null) {
                try {
                    unique.enforce();
                } catch (RuntimeException e) {
                    dropQuietly(id);
                    throw e;
                }
            }
            CatalogItem.Index built = index;
            coord.updateCatalog(c -> c.with(built));
            coord.catalogTables().commit();
        }
        return new StatementResult.Done("CREATE INDEX", warnings);
    }

    /** What {@code CREATE INDEX} would build: its name, key, the index it re-exports (or null) and its dataflow. */
    record IndexPlan(String name, CatalogItem on, List<ScalarExpr> key, List<Integer> keyColumns, List<String> keyTexts,
                     CatalogItem.Index original, DataflowDescription dataflow, String warning) {
        /** The key as the user reads it: column names, or the expressions' text. */
        List<String> keyDisplay() {
            return keyNames(keyColumns, keyTexts, on);
        }
    }

    /**
     * Plans {@code stmt} over {@code catalog} as index {@code id} hydrating at {@code asOf}: the
     * checks (an index on an index, UNIQUE on a view or system relation, a name taken) and the
     * dataflow, a re-export if an index of the same object already arranges the key. Null if the
     * name is taken and {@code IF NOT EXISTS} says to do nothing. Builds nothing.
     */
    IndexPlan planIndex(Catalog catalog, SqlCreateIndex stmt, GlobalId id, long asOf) {
        // an index may be built on a system relation too (it is the user's index, in public)
        CatalogItem on = ObjectNames.get(catalog, stmt.on());
        String onName = on.name();
        if (on instanceof CatalogItem.Index) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "an index on an index");
        }
        if (stmt.unique() && !(on instanceof CatalogItem.Table)) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "UNIQUE indexes on views (" + onName
                    + " is a view: its rows are computed, not written, so there is no write to refuse; index it without UNIQUE)");
        }
        if (stmt.unique() && on.id().kind() == GlobalId.Kind.SYSTEM) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "UNIQUE indexes on system relations");
        }
        List<String> keyTexts = new ArrayList<>();
        for (int i = 0; i < stmt.keys().size(); i++) {
            keyTexts.add(SpindleParser.unparse(stmt.keyExpression(i)));
        }
        List<ScalarExpr> key = columnKey(stmt, on);
        if (key == null) {
            key = plannedKey(catalog, keyTexts, on);
        }
        List<Integer> keyColumns = columnsOf(key);
        String name = stmt.name() != null ? name(stmt.name())
                : generatedName(catalog, SystemSchema.nameOf(on), keyColumns, on);
        if (coord.nameTaken(name)) {
            if (stmt.ifNotExists()) {
                return null;
            }
            throw new SpindleException(ErrorCode.INDEX_ALREADY_EXISTS_1, name);
        }
        CatalogItem.Index original = null;
        for (CatalogItem.Index i : catalog.indexesOn(on.id())) {
            if (i.key().equals(key)) {
                original = i.reexportOf() != null ? catalog.get(i.reexportOf()).map(CatalogItem.Index.class::cast).orElse(i) : i;
                break;
            }
        }
        DataflowDescription d;
        String warning = null;
        if (original != null) {
            d = new DataflowDescription("index " + name, Map.of(),
                    Map.of(original.id(), new DataflowDescription.IndexImport(on.id(), original.key())), List.of(),
                    Map.of(id, DataflowDescription.IndexExport.reexport(on.id(), key, original.id())), Frontier.at(asOf));
            warning = "Index " + name + " is identical to " + original.name() + ", which is also defined on "
                    + onName + "(" + String.join(", ", keyNames(keyColumns, keyTexts, on)) + ").";
        } else if (on instanceof CatalogItem.Table) { // what planning SELECT * FROM it without its indexes gives
            d = new DataflowDescription("index " + name, Map.of(on.id(), ((CatalogItem.Table) on).desc()), Map.of(),
                    List.of(), Map.of(id, new DataflowDescription.IndexExport(on.id(), key)), Frontier.at(asOf));
        } else {
            String all = "SELECT * FROM " + ObjectNames.sqlName(on);
            QueryPlanner planner = queries.planner(withoutIndexesOn(catalog, on.id()));
            PeekPlanner.Inputs in = planner.inputs(planner.lower(SpindleParser.parse(all), all));
            Map<GlobalId, RelationDesc> sources = new java.util.LinkedHashMap<>(in.sources());
            List<DataflowDescription.BuildDesc> objects = new ArrayList<>(in.objects());
            d = new DataflowDescription("index " + name, sources, in.imports(), objects,
                    Map.of(id, new DataflowDescription.IndexExport(on.id(), key)), Frontier.at(asOf));
        }
        return new IndexPlan(name, on, key, keyColumns, keyTexts, original, d, warning);
    }

    /**
     * The progress of index {@code id} hydrating at {@code asOf}, sampled on the asking thread:
     * updates arranged so far (summed over workers; a batch being assembled counts by its share of
     * the work done), of the rows the table
     * holds (counted once, on first ask; unknown for a view).
     */
    private java.util.function.Supplier<dev.spindle.sql.Progress> hydration(GlobalId id, String label, CatalogItem on,
                                                                             long asOf) {
        java.util.concurrent.atomic.AtomicLong total = new java.util.concurrent.atomic.AtomicLong(Long.MIN_VALUE);
        return () -> {
            if (total.get() == Long.MIN_VALUE) {
                long n = -1;
                if (on instanceof CatalogItem.Table) {
                    n = 0;
                    for (dev.spindle.common.update.Update u : coord.tables().get(on.id()).snapshot(asOf)) {
                        n += u.diff();
                    }
                }
                total.compareAndSet(Long.MIN_VALUE, n);
            }
            long done = 0;
            try {
                for (dev.spindle.compute.protocol.ComputeResponse.ExportSample s
                        : coord.compute().sampleExports(java.time.Duration.ofSeconds(5))) {
                    for (dev.spindle.compute.protocol.ComputeResponse.ExportStat e : s.exports()) {
                        if (e.id().equals(id)) {
                            done += e.arranged();
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (SpindleException e) {
                return null; // the workers did not answer in time: no figure this time
            }
            long t = total.get();
            return new dev.spindle.sql.Progress(label, t >= 0 ? Math.min(done, t) : done, t);
        };
    }

    /** The catalog without the indexes on {@code on}, so that building a view's index builds the view. */
    private static Catalog withoutIndexesOn(Catalog catalog, GlobalId on) {
        Catalog out = catalog;
        for (CatalogItem.Index i : catalog.indexesOn(on)) {
            out = out.without(i.id());
        }
        return out;
    }

    /**
     * Builds the index dataflow and returns once the index is readable at {@code asOf}; a cancel
     * or timeout of the statement stops and drops it.
     */
    private void awaitReadable(long dataflow, DataflowDescription d, GlobalId id, long asOf) {
        Runnable drop = () -> dropQuietly(id);
        try {
            queries.control().await(coord.compute().createDataflow(dataflow, d), drop);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Queries.MAX_WAIT_SECONDS);
            // woken by the frontier report that makes it readable; every 10 ms a cancel or timeout is looked at
            while (!coord.compute().awaitUpperPast(id, asOf, java.time.Duration.ofMillis(10))) {
                queries.control().check(drop);
                if (System.nanoTime() > deadline) {
                    throw new TimeoutException("index " + id + " did not become readable");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            dropQuietly(id);
            throw new SpindleException(ErrorCode.QUERY_CANCELED_0);
        } catch (TimeoutException e) {
            dropQuietly(id);
            throw SpindleException.wrap(e);
        } catch (SpindleException e) {
            dropQuietly(id);
            throw e;
        }
    }

    private void dropQuietly(GlobalId id) {
        try {
            coord.compute().dropIndex(id);
        } catch (SpindleException ignored) {
            // never created
        }
    }

    /**
     * The key of an index on a table whose keys are all plain column names, each naming exactly one
     * of its columns (names match as the planner matches them: exactly, since the parser has
     * lower-cased what was not quoted): the column references that planning {@code SELECT keys
     * FROM on} gives, without planning it. Null for a view, an expression or a name that is not
     * one column's, which {@link #plannedKey} plans (and reports).
     */
    static List<ScalarExpr> columnKey(SqlCreateIndex stmt, CatalogItem on) {
        if (!(on instanceof CatalogItem.Table)) {
            return null;
        }
        RelationDesc desc = ((CatalogItem.Table) on).desc();
        List<ScalarExpr> out = new ArrayList<>();
        for (int i = 0; i < stmt.keys().size(); i++) {
            if (!(stmt.keyExpression(i) instanceof SqlIdentifier) || !((SqlIdentifier) stmt.keyExpression(i)).isSimple()) {
                return null;
            }
            String name = ((SqlIdentifier) stmt.keyExpression(i)).getSimple();
            int found = -1;
            for (int c = 0; c < desc.arity(); c++) {
                if (desc.column(c).name().equals(name)) {
                    if (found >= 0) {
                        return null;
                    }
                    found = c;
                }
            }
            if (found < 0) {
                return null;
            }
            out.add(ScalarExpr.column(found, desc.column(found).type()));
        }
        return out;
    }

    /** The key of an index as planning {@code SELECT keys FROM on} over {@code catalog} gives it. */
    List<ScalarExpr> plannedKey(Catalog catalog, List<String> keyTexts, CatalogItem on) {
        String sql = "SELECT " + String.join(", ", keyTexts) + " FROM " + ObjectNames.sqlName(on);
        return keyExpressions(queries.planner(catalog).lower(SpindleParser.parse(sql), sql), on);
    }

    /** The key of an index: the columns or expressions of {@code SELECT keys FROM on}, over on's columns. */
    private static List<ScalarExpr> keyExpressions(QueryPlanner.Lowered l, CatalogItem on) {
        Plan p = l.query().body().plan();
        int[] fin = l.query().finishing().projection();
        List<ColumnType> types = l.query().body().types();
        List<ScalarExpr> out = new ArrayList<>();
        if (p instanceof Plan.Get) {
            for (int i = 0; i < l.query().outputTypes().size(); i++) {
                int c = fin == null ? i : fin[i];
                out.add(ScalarExpr.column(c, types.get(c)));
            }
            return out;
        }
        if (!(p instanceof Plan.MapFilterProject) || !(((Plan.MapFilterProject) p).input() instanceof Plan.Get)
                || !((Plan.MapFilterProject) p).mfp().predicates().isEmpty()) {
            throw new SpindleException(ErrorCode.FEATURE_NOT_SUPPORTED_1, "this index key on " + on.name());
        }
        Mfp mfp = ((Plan.MapFilterProject) p).mfp();
        for (int i = 0; i < l.query().outputTypes().size(); i++) {
            int c = mfp.projection()[fin == null ? i : fin[i]];
            out.add(c < mfp.inputArity() ? ScalarExpr.column(c, types.get(fin == null ? i : fin[i]))
                    : mfp.expressions().get(c - mfp.inputArity()));
        }
        return out;
    }

    /** The key as written for people: column names, or the expressions' text. */
    private static List<String> keyNames(List<Integer> keyColumns, List<String> keyTexts, CatalogItem on) {
        if (keyColumns == null) {
            return keyTexts;
        }
        RelationDesc desc = on instanceof CatalogItem.Table ? ((CatalogItem.Table) on).desc() : ((CatalogItem.View) on).desc();
        List<String> out = new ArrayList<>();
        for (int c : keyColumns) {
            out.add(desc.column(c).name());
        }
        return out;
    }

    private static List<Integer> columnsOf(List<ScalarExpr> key) {
        List<Integer> out = new ArrayList<>();
        for (ScalarExpr e : key) {
            if (!(e instanceof dev.spindle.compute.expr.ColumnRef)) {
                return null;
            }
            out.add(((dev.spindle.compute.expr.ColumnRef) e).index());
        }
        return out;
    }

    /** Materialize's naming: {@code on_col1_col2_idx} ({@code on_expr_idx} for expressions), made unique. */
    private String generatedName(Catalog catalog, String on, List<Integer> keyColumns, CatalogItem item) {
        StringBuilder b = new StringBuilder(on);
        if (keyColumns == null) {
            b.append("_expr");
        } else {
            RelationDesc desc = item instanceof CatalogItem.Table ? ((CatalogItem.Table) item).desc() : ((CatalogItem.View) item).desc();
            for (int c : keyColumns) {
                b.append('_').append(desc.column(c).name());
            }
        }
        String base = b.append("_idx").toString().toLowerCase(Locale.ROOT);
        String name = base;
        for (int n = 1; catalog.byName(name).isPresent() || coord.nameTaken(name); n++) {
            name = base + n;
        }
        return name;
    }

    // ------------------------------------------------------------------ drops

    public StatementResult drop(SqlDropObject stmt) {
        String name = name(stmt.name());
        String kind = stmt instanceof SqlDropTable ? "table" : stmt instanceof SqlDropIndex ? "index" : "view";
        String tag = "DROP " + kind.toUpperCase(Locale.ROOT);
        synchronized (coord.writeLock()) {
            Catalog catalog = coord.catalog();
            CatalogItem item = catalog.byName(name).orElse(null);
            if (item == null || !kind.equals(kindOf(item))) {
                if (stmt.ifExists()) {
                    return new StatementResult.Done(tag, List.of());
                }
                if (item == null) {
                    throw new SpindleException(kind.equals("index") ? ErrorCode.INDEX_NOT_FOUND_1 : ErrorCode.TABLE_NOT_FOUND_1, name);
                }
                throw new SpindleException(ErrorCode.SYNTAX_ERROR_1, "\"" + name + "\" is not a " + kind);
            }
            List<CatalogItem> dependents = catalog.dependentsTransitively(item.id());
            // a table's or view's own indexes go with it, as in PostgreSQL; anything else that
            // reads it (a view, and what depends on that) needs CASCADE
            for (CatalogItem d : catalog.dependents(item.id())) {
                boolean ownIndex = d instanceof CatalogItem.Index && ((CatalogItem.Index) d).on().equals(item.id());
                if (!ownIndex && stmt.behavior() != DropBehavior.CASCADE) {
                    throw new SpindleException(ErrorCode.DEPENDENT_OBJECTS_STILL_EXIST_2, kind + " " + name, describe(d));
                }
            }
            for (CatalogItem d : dependents) {
                dropOne(d);
            }
            dropOne(item);
            coord.catalogTables().commit();
        }
        return new StatementResult.Done(tag, List.of());
    }

    private static String kindOf(CatalogItem item) {
        return item instanceof CatalogItem.Table ? "table" : item instanceof CatalogItem.Index ? "index" : "view";
    }

    private static String describe(CatalogItem item) {
        return kindOf(item) + " " + item.name();
    }

    /**
     * Drops {@code item}: out of the catalog first, then out of compute or storage, so a read that
     * finds its index dropped always finds a newer catalog to plan again on.
     */
    private void dropOne(CatalogItem item) {
        coord.updateCatalog(c -> c.without(item.id()));
        if (item instanceof CatalogItem.Index) {
            coord.uniqueKeys().removeIndex(item.id());
            coord.compute().dropIndex(item.id());
        } else if (item instanceof CatalogItem.Table) {
            coord.uniqueKeys().removeTable(item.id());
            coord.tables().drop(item.id());
        }
    }
}
