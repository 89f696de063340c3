package dev.spindle.planner;

import dev.spindle.common.id.GlobalId;
import dev.spindle.common.type.ColumnType;
import dev.spindle.compute.plan.Plan;
import dev.spindle.planner.calcite.SqlPlanner;
import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import dev.spindle.planner.lower.ConstantFolder;
import dev.spindle.planner.lower.ParameterSlots;
import dev.spindle.planner.lower.PlanSize;
import dev.spindle.planner.lower.RelLowering;
import dev.spindle.planner.peek.PeekPlan;
import dev.spindle.planner.peek.PeekPlanner;
import dev.spindle.planner.peek.PreparedLookup;
import dev.spindle.planner.shape.LiteralLifter;
import dev.spindle.planner.shape.ShapeCache;
import dev.spindle.planner.shape.ShapeTemplate;
import dev.spindle.planner.shape.ShapeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlNode;

/**
 * Plans a query over one catalog snapshot, from parsed SQL to a {@link PeekPlan}: Calcite
 * validates and converts it, {@link RelLowering} lowers it (views through their stored SQL, parsed
 * with the caller's parser), {@link PeekPlanner} picks the fast or slow path.
 *
 * <p>Thread-safety: safe for concurrent use; every call builds its own Calcite state, except the
 * views' relational expressions, shared per catalog snapshot (see {@link #viewRel}).
 */
public final class QueryPlanner {
    private final Catalog catalog;
    private final Function<String, SqlNode> parser;
    private final LongSupplier transientIds;
    private final ShapeCache shapes;

    /**
     * @param parser parses a view's stored query
     * @param transientIds numbers for transient collections, never handed out twice
     */
    public QueryPlanner(Catalog catalog, Function<String, SqlNode> parser, LongSupplier transientIds) {
        this(catalog, parser, transientIds, null);
    }

    /**
     * @param shapes where {@link #planQuery} keeps Calcite's plans of query shapes over
     *     {@code catalog} (null: it keeps none)
     */
    public QueryPlanner(Catalog catalog, Function<String, SqlNode> parser, LongSupplier transientIds, ShapeCache shapes) {
        this.catalog = catalog;
        this.parser = parser;
        this.transientIds = transientIds;
        this.shapes = shapes;
    }

    /**
     * The plan of SELECT-like {@code query} (text {@code sql}, for error positions). With a shape
     * cache, a query that has a shape ({@link LiteralLifter}) is planned from Calcite's plan of
     * its shape, made once; one whose shape does not plan is planned as it is, which reports its
     * errors.
     */
    public PeekPlan planQuery(SqlNode query, String sql) {
        if (shapes != null) {
            PeekPlan p = planShape(query, sql);
            if (p != null) {
                return p;
            }
        }
        Lowered l = lower(query, sql);
        return new PeekPlanner(catalog, transientIds).plan(l.query(), l.lowering(), l.names());
    }

    /** {@code query}'s plan from its shape's template (planned now if need be), or null. */
    private PeekPlan planShape(SqlNode query, String sql) {
        LiteralLifter.Shape shape = LiteralLifter.lift(query, catalog, SqlPlanner.types());
        if (shape == null) {
            return null;
        }
        PeekPlan plan = planShape(shape.key(), shape.literals(), shape.tables(), shape.tree(), sql);
        if (plan != null && shapes.readsTexts()) {
            rememberText(shape, sql);
        }
        return plan;
    }

    /**
     * The plan of the query {@code sql} from its text alone ({@link ShapeText}): null unless an
     * earlier query of the same text, but for lifted numbers and the tables it names, made a
     * template that binds to this one's values and tables (then it is planned as it is).
     */
    public PeekPlan planText(String sql) {
        if (shapes == null) {
            return null;
        }
        ShapeText.Scan scan = shapes.scan(sql, catalog);
        ShapeText.Bound bound = scan == null ? null : bind(scan);
        if (bound == null) {
            return null;
        }
        PeekPlan plan = planShape(bound.key(), bound.literals(), bound.tables(), null, sql);
        if (plan != null) {
            shapes.textHit();
        }
        return plan;
    }

    /** The shape of the query {@code scan} read, from the first entry of its key that binds, or null. */
    private ShapeText.Bound bind(ShapeText.Scan scan) {
        for (ShapeText.Entry entry : shapes.textEntries(scan.key())) {
            ShapeText.Bound bound = ShapeText.bind(entry, scan, catalog, SqlPlanner.types());
            if (bound != null) {
                return bound;
            }
        }
        return null;
    }

    /** Keeps what {@code sql}'s text stands for, if its marks match {@code shape} exactly. */
    private void rememberText(LiteralLifter.Shape shape, String sql) {
        ShapeText.Scan scan = shapes.scan(sql, catalog);
        if (scan == null || bind(scan) != null) {
            return;
        }
        ShapeText.Entry entry = ShapeText.entry(scan, shape, SqlPlanner.types());
        if (entry != null) {
            shapes.putText(scan.key(), entry);
        }
    }

    /**
     * The plan of a query of shape {@code key} with {@code literals} over {@code tables} from the
     * shape's template, planned now from {@code tree} if need be (null: only if there is one).
     */
    private PeekPlan planShape(LiteralLifter.Key key, List<dev.spindle.planner.shape.LiftedLiteral.Value> literals,
            List<CatalogItem> tables, SqlNode tree, String sql) {
        Object entry = shapes.get(catalog, key);
        if (entry == ShapeCache.UNPLANNABLE || entry == null && tree == null) {
            return null;
        }
        ShapeTemplate template = (ShapeTemplate) entry;
        boolean literalFree = literals.isEmpty();
        if (template != null && literalFree) {
            PeekPlan.Fast remembered = template.remembered(catalog, tables);
            if (remembered != null) {
                return remembered;
            }
        }
        try {
            if (template == null) {
                SqlPlanner calcite = new SqlPlanner(catalog, ConstantFolder.INSTANCE).statementText(sql);
                template = new ShapeTemplate(calcite.plan(tree), tables, calcite.cluster().getRexBuilder());
            }
            RelRoot bound = template.bind(literals, tables,
                    item -> shapes.table(catalog, item.name(), name -> SqlPlanner.table(catalog, name)));
            PeekPlan plan = planRoot(bound, template.rexBuilder());
            if (entry == null) {
                shapes.put(catalog, key, template);
            }
            if (plan instanceof PeekPlan.Fast) {
                if (literalFree) {
                    template.remember(catalog, tables, (PeekPlan.Fast) plan); // no transient ids in it: reusable
                }
            }
            return plan;
        } catch (RuntimeException e) {
            // Calcite refused the shape, or its plan did not lower: the query is planned as it is,
            // which gives its own errors (and this shape is not tried again over this snapshot)
            shapes.put(catalog, key, ShapeCache.UNPLANNABLE);
            return null;
        }
    }

    /**
     * A query validated and lowered, before the fast/slow choice: for statements that build on a
     * query (CREATE VIEW, CREATE INDEX keys, INSERT ... SELECT).
     *
     * @param names the result's column names
     */
    public record Lowered(RelLowering lowering, RelLowering.Query query, List<String> names) {
    }

    /**
     * {@code query} validated and lowered.
     *
     * @throws dev.spindle.common.error.SpindleException 54001 if its plans would render more than
     *     {@link PlanSize#MAX_OPERATORS} operators
     */
    public Lowered lower(SqlNode query, String sql) {
        SqlPlanner calcite = new SqlPlanner(catalog, ConstantFolder.INSTANCE).statementText(sql);
        return lower(calcite.plan(query), calcite.cluster().getRexBuilder());
    }

    /**
     * {@code query}, which may hold {@code ?} parameters, through Calcite once (validated,
     * converted, decorrelated, simplified), to be bound and lowered per execution.
     */
    public PreparedQuery prepare(SqlNode query, String sql) {
        SqlPlanner calcite = new SqlPlanner(catalog, ConstantFolder.INSTANCE).statementText(sql);
        RelRoot root = calcite.plan(query);
        return new PreparedQuery(this, root, calcite.parameterTypes(query), calcite.cluster().getRexBuilder());
    }

    /** The plan of a query Calcite has already planned ({@code root}, parameters bound). */
    PeekPlan planRoot(RelRoot root, RexBuilder rexBuilder) {
        return planRoot(root, rexBuilder, null);
    }

    /** The plan of {@code root}, its parameters lowered to {@code parameters}' placeholders (null: none). */
    private PeekPlan planRoot(RelRoot root, RexBuilder rexBuilder, ParameterSlots parameters) {
        Lowered l = lower(root, rexBuilder, parameters);
        return new PeekPlanner(catalog, transientIds).plan(l.query(), l.lowering(), l.names());
    }

    /**
     * {@code root}'s point lookup with its parameters (of {@code types}) left symbolic, or null if
     * it is not a point lookup whose key the parameters and constants bind, or cannot be lowered
     * without values (see {@link PreparedLookup}; {@link PreparedQuery#lookup} says which).
     */
    PreparedLookup prepareLookup(RelRoot root, RexBuilder rexBuilder, List<ColumnType> types) {
        ParameterSlots a = ParameterSlots.of(types, 0);
        ParameterSlots b = ParameterSlots.of(types, 1);
        if (a == null || b == null) {
            return null;
        }
        PeekPlan pa;
        PeekPlan pb;
        try {
            pa = planRoot(root, rexBuilder, a);
            if (!(pa instanceof PeekPlan.Fast) || ((PeekPlan.Fast) pa).literalKey() == null) {
                return null;
            }
            pb = planRoot(root, rexBuilder, b);
        } catch (RuntimeException e) {
            // what cannot be lowered with placeholders (LIMIT ?, a parameter where a lowering needs
            // a value) is bound and lowered per execution, which reports any error with its values
            return null;
        }
        return new PeekPlanner(catalog, transientIds).preparedLookup(pa, a, pb, b);
    }

    private Lowered lower(RelRoot root, RexBuilder rexBuilder) {
        return lower(root, rexBuilder, null);
    }

    private Lowered lower(RelRoot root, RexBuilder rexBuilder, ParameterSlots parameters) {
        RelLowering lowering = new RelLowering(catalog, rexBuilder, this::viewRel, parameters);
        RelLowering.Query q = lowering.lowerQuery(root);
        List<Plan> plans = new ArrayList<>();
        plans.add(q.body().plan());
        for (RelLowering.Lowered v : lowering.views().values()) {
            plans.add(v.plan());
        }
        PlanSize.check(plans);
        List<String> names = new ArrayList<>();
        for (Map.Entry<Integer, String> f : root.fields) {
            names.add(f.getValue());
        }
        return new Lowered(lowering, q, names);
    }

    /** What a dataflow needs to read what {@code lowered} read (see {@link PeekPlanner#inputs}). */
    public PeekPlanner.Inputs inputs(Lowered lowered) {
        return new PeekPlanner(catalog, transientIds).inputs(lowered.lowering());
    }

    /**
     * {@code view}'s query through Calcite, planned once per catalog snapshot: a view is expanded
     * by the lowering wherever it is read, and planning its stored SQL again for every query that
     * reads it cost a third of such a query. The relational expressions are immutable (their
     * lazily computed digests and row types are idempotent), so queries on several threads share
     * them; they are only read by the lowering, never handed to a Calcite planner again.
     */
    private RelRoot viewRel(CatalogItem.View view) {
        ViewRels cached = VIEW_RELS.get();
        if (cached == null || cached.catalog() != catalog) {
            cached = new ViewRels(catalog, new ConcurrentHashMap<>());
            VIEW_RELS.set(cached);
        }
        RelRoot root = cached.rels().get(view.id());
        if (root == null) {
            root = new SqlPlanner(catalog, ConstantFolder.INSTANCE).statementText(view.sql()).plan(parser.apply(view.sql()));
            cached.rels().putIfAbsent(view.id(), root);
        }
        return root;
    }

    /** The views planned over the latest catalog snapshot; replaced (atomically) when it changes. */
    private static final AtomicReference<ViewRels> VIEW_RELS = new AtomicReference<>();

    private record ViewRels(Catalog catalog, Map<GlobalId, RelRoot> rels) {
    }
}
