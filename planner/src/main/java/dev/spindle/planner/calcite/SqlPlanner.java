package dev.spindle.planner.calcite;

import dev.spindle.common.error.ErrorCode;
import dev.spindle.common.error.SpindleException;
import dev.spindle.planner.catalog.Catalog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's half of planning a query over one catalog snapshot: validate the parsed query (a
 * PostgreSQL-flavoured operator table, lenient conformance, NULLs sort high), convert it to
 * relational algebra, remove subqueries, decorrelate, and simplify with a fixed Hep program.
 * What comes out is lowered to compute's plans by {@code dev.spindle.planner.lower}.
 *
 * <p>Thread-safety: not thread-safe (Calcite's validator keeps state); make one per statement. Its
 * inputs (the catalog snapshot) are immutable. What planners share is immutable once built and
 * published atomically: the type factory, the operator tables, the RexBuilder and the catalog
 * reader of the latest catalog snapshot.
 */
public final class SqlPlanner {
    /** The schema every unqualified name resolves in. */
    public static final String SCHEMA = "public";

    private static final HepProgram SUBQUERIES = new HepProgramBuilder()
            .addRuleInstance(CoreRules.FILTER_SUB_QUERY_TO_CORRELATE)
            .addRuleInstance(CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE)
            .addRuleInstance(CoreRules.JOIN_SUB_QUERY_TO_CORRELATE)
            .build();

    /**
     * One type factory for every planner: Calcite interns types globally, and a factory's own state
     * (synthetic Java record types) is never used here, so sharing it is safe and saves building the
     * RexBuilder's constant literals per statement.
     */
    private static final RelDataTypeFactory TYPES = new JavaTypeFactoryImpl(SpindleTypeSystem.INSTANCE);

    /** The operator tables, chained once (they are immutable). */
    private static final SqlOperatorTable OPERATORS = new FunctionNames(SqlOperatorTables.chain(SpindleFunctions.table(),
            SqlStdOperatorTable.instance(), SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(SqlLibrary.POSTGRESQL)));

    /** A RexBuilder per executor (in practice one): immutable once built. */
    private static final Map<RexExecutor, RexBuilder> REX_BUILDERS = new ConcurrentHashMap<>();

    private static final CalciteConnectionConfigImpl CONFIG;

    static {
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        CONFIG = new CalciteConnectionConfigImpl(props);
    }

    /**
     * The catalog reader of the catalog snapshot planned last: a snapshot changes only with DDL, so
     * consecutive statements share its Calcite schemas. Published atomically; the reader and the
     * schemas under it are only read once built (no caching schemas, immutable tables).
     */
    private static final AtomicReference<Readers> LAST = new AtomicReference<>();

    private record Readers(Catalog catalog, CalciteCatalogReader reader) {
    }

    private final CalciteCatalogReader reader;
    private final SpindleValidator validator;
    /** Made anew when a direct conversion gives up (it may have taken correlation ids conversion would number from 0). */
    private RelOptCluster cluster;

    private String text;

    /** The text of the statement being planned, so that errors can give its character position. */
    public SqlPlanner statementText(String sql) {
        this.text = sql;
        return this;
    }

    /**
     * @param executor folds constants while Calcite simplifies (Calcite's own would fold with
     *     Calcite's semantics, not PostgreSQL's); see {@code lower.ConstantFolder}
     */
    public SqlPlanner(Catalog catalog, RexExecutor executor) {
        this.reader = readerOf(catalog);
        this.validator = new SpindleValidator(OPERATORS, reader, TYPES,
                SqlValidator.Config.DEFAULT.withConformance(SqlConformanceEnum.LENIENT)
                        .withDefaultNullCollation(NullCollation.HIGH)
                        .withIdentifierExpansion(true)
                        .withTypeCoercionFactory((f, v) -> new PgTypeCoercion(f, v, () -> validating)));
        HepPlanner planner = new HepPlanner(EMPTY_PROGRAM);
        planner.setExecutor(executor);
        this.cluster = RelOptCluster.create(planner,
                REX_BUILDERS.computeIfAbsent(executor, e -> new FoldingRexBuilder(TYPES, e)));
    }

    private static final HepProgram EMPTY_PROGRAM = new HepProgramBuilder().build();

    /** The catalog reader planners over {@code catalog} resolve names with (for tests in this package). */
    static CalciteCatalogReader readerForTests(Catalog catalog) {
        return readerOf(catalog);
    }

    private static CalciteCatalogReader readerOf(Catalog catalog) {
        Readers last = LAST.get();
        if (last != null && last.catalog() == catalog) {
            return last.reader();
        }
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        CatalogSchema.addTo(root, catalog);
        CalciteCatalogReader reader = new CachingCatalogReader(root, List.of(SCHEMA), TYPES, CONFIG);
        LAST.set(new Readers(catalog, reader));
        return reader;
    }

    /** The operator table the validator resolves with (for tests in this package). */
    static SqlOperatorTable operatorsForTests() {
        return OPERATORS;
    }

    /** The type factory every planner's relational expressions are made with. */
    public static RelDataTypeFactory types() {
        return TYPES;
    }

    /**
     * Calcite's table for the relation {@code name} of {@code catalog}'s {@code public} schema, as
     * a planner over that snapshot resolves it; null if there is none.
     */
    public static org.apache.calcite.plan.RelOptTable table(Catalog catalog, String name) {
        return readerOf(catalog).getTable(List.of(SCHEMA, name));
    }

    /** This planner's validator (for tests in this package). */
    SpindleValidator validator() {
        return validator;
    }

    /** The type factory of this planner's relational expressions. */
    public RelDataTypeFactory typeFactory() {
        return TYPES;
    }

    /** The cluster (and its {@code RexBuilder}) of this planner's relational expressions. */
    public RelOptCluster cluster() {
        return cluster;
    }

    /**
     * Validates {@code query} and returns its relational expression, subqueries removed,
     * decorrelated and simplified; the root's collation and fields say how the result is ordered
     * and which columns it has.
     *
     * @throws SpindleException a validation error with its SQLSTATE and position
     */
    public RelRoot plan(SqlNode query) {
        RelRoot root = convert(query);
        RelNode rel = root.rel;
        if (SubQueries.present(rel)) {
            rel = JoinedSubqueries.remove(rel);
        }
        if (SubQueries.present(rel)) {
            rel = run(SUBQUERIES, rel);
            rel = ConstantGroups.guard(rel);
            rel = RelDecorrelator.decorrelateQuery(rel, RelFactories.LOGICAL_BUILDER.create(cluster, reader));
            if (SubQueries.present(rel)) {
                rel = Uncorrelated.joins(rel);
            }
        }
        if (Trimming.pays(rel)) {
            rel = trimCalcite ? converter().trimUnusedFields(false, rel) : Narrowing.narrow(rel);
        }
        if (JoinOrder.hasCrossProduct(rel)) { // a WHERE over a cross product goes into the joins here, at once
            rel = JoinOrder.reorder(rel);
        }
        HepProgram simplification = alwaysSimplify ? Simplification.PROGRAM : Simplification.program(rel);
        if (simplification != null) {
            rel = run(simplification, rel);
        }
        if (JoinOrder.hasCrossProduct(rel)) {
            rel = JoinOrder.reorder(rel);
        }
        return root.withRel(rel);
    }

    /** {@code query} converted (by {@link DirectConversion} if it can, else validated and converted by Calcite). */
    private RelRoot convert(SqlNode query) {
        ConstantKeys.check(query, this::offset);
        ColumnNames.name(query);
        RelRoot root = direct ? DirectConversion.tryConvert(query, reader, cluster, OPERATORS,
                validator.getTypeCoercion()) : null;
        if (root == null) {
            if (direct) {
                cluster = RelOptCluster.create(cluster.getPlanner(), cluster.getRexBuilder());
            }
            root = converter().convertQuery(validateChecked(query), false, true);
        }
        return root;
    }

    /** {@code query} converted as {@link #plan} converts it, before any rule (for tests in this package). */
    RelNode convertedForTests(SqlNode query) {
        return convert(query).rel;
    }

    /** Calcite's conversion of this planner's validated queries to relational algebra. */
    private SqlToRelConverter converter() {
        return new SqlToRelConverter((rowType, sql, schemaPath, viewPath) -> {
            throw new UnsupportedOperationException("views are expanded by the lowering, not by Calcite");
        }, validator, reader, cluster, StandardConvertletTable.INSTANCE,
                SqlToRelConverter.config().withTrimUnusedFields(true).withExpand(false));
    }

    /** {@code query} validated and converted, before any rule (for tests in this package). */
    RelNode convertForTests(SqlNode query) {
        return converter().convertQuery(validate(query), false, true).rel;
    }

    /** {@code rel} through Calcite's field trimmer (for tests in this package: {@link Narrowing}'s oracle). */
    RelNode trimForTests(RelNode rel) {
        return converter().trimUnusedFields(false, rel);
    }

    /** The types of {@code query}'s {@code ?} parameters, in order (validates it). */
    public List<RelDataType> parameterTypes(SqlNode query) {
        RelDataType row = validator.getParameterRowType(validate(query));
        List<RelDataType> out = new java.util.ArrayList<>();
        for (org.apache.calcite.rel.type.RelDataTypeField f : row.getFieldList()) {
            out.add(f.getType());
        }
        return out;
    }

    /** The validated row type of {@code query} (validates it). */
    public RelDataType rowType(SqlNode query) {
        return validator.getValidatedNodeType(validate(query));
    }

    /** Whether the Hep program runs even where no rule can match; on only in tests. */
    private boolean alwaysSimplify;

    /** This planner, running the Hep program on every query (the oracle of {@link Simplification}'s tests). */
    SqlPlanner alwaysSimplifying() {
        alwaysSimplify = true;
        return this;
    }

    /** Whether the simplest queries skip Calcite's validation and conversion ({@link DirectConversion}); off only in its tests. */
    private boolean direct = true;

    /** This planner, validating and converting every query through Calcite (the oracle of {@link DirectConversion}'s tests). */
    SqlPlanner withoutDirectConversion() {
        direct = false;
        return this;
    }

    /** Whether joins' inputs are narrowed by Calcite's field trimmer instead of {@link Narrowing}; on only in tests. */
    private boolean trimCalcite;

    /** This planner, trimming with Calcite's field trimmer (the oracle of {@link Narrowing}'s tests). */
    SqlPlanner withCalciteTrimmer() {
        trimCalcite = true;
        return this;
    }

    /** Whether names are qualified before validation ({@link ColumnQualifier}); off only in its tests. */
    private boolean qualifyColumns = true;

    /** This planner, validating names as written (the oracle of {@link ColumnQualifier}'s tests). */
    SqlPlanner withoutColumnQualifier() {
        qualifyColumns = false;
        return this;
    }

    private SqlNode validated;
    private SqlNode validatedFrom;
    /** The statement under validation (the validator rewrites it in place). */
    private SqlNode validating;

    /** {@code query} validated, after PostgreSQL's rule for constant keys ({@link ConstantKeys}). */
    private SqlNode validate(SqlNode query) {
        if (query == validatedFrom) {
            return validated;
        }
        ConstantKeys.check(query, this::offset);
        ColumnNames.name(query);
        return validateChecked(query);
    }

    /** {@code query}, whose constant keys {@link #convert} has checked already, validated. */
    private SqlNode validateChecked(SqlNode query) {
        if (query == validatedFrom) {
            return validated;
        }
        try {
            validating = query;
            if (qualifyColumns) {
                ColumnQualifier.qualify(query, reader);
            }
            validated = validator.validate(query);
            validatedFrom = query;
            return validated;
        } catch (CalciteContextException e) {
            throw Errors.validation(e, text);
        } catch (PgTypeCoercion.Refusal r) {
            throw SpindleException.atPosition(offset(r.pos), r.code, r.args);
        }
    }

    /** The 1-based character offset of {@code pos} in the statement's text, or -1. */
    private int offset(SqlParserPos pos) {
        return Errors.offset(text, pos.getLineNum(), pos.getColumnNum());
    }

    private static RelNode run(HepProgram program, RelNode rel) {
        HepPlanner hep = new HepPlanner(program);
        hep.setRoot(rel);
        return hep.findBestExp();
    }

    /** Turns Calcite's validation errors into Spindle's. */
    static final class Errors {
        private Errors() {
        }

        static SpindleException validation(CalciteContextException e, String sql) {
            Throwable cause = e.getCause();
            String message = cause instanceof SqlValidatorException ? cause.getMessage() : e.getMessage();
            ErrorCode code = classify(message);
            int position = offset(sql, e.getPosLine(), e.getPosColumn());
            String text = message == null ? "invalid statement" : message;
            return code == ErrorCode.SYNTAX_ERROR_1
                    ? SpindleException.atPosition(position, code, text)
                    : SpindleException.atPosition(position, code, argument(code, text));
        }

        /** The 1-based character offset of (line, column) in {@code sql}, or -1. */
        static int offset(String sql, int line, int column) {
            if (line <= 0 || column <= 0) {
                return -1;
            }
            if (sql == null) {
                return line == 1 ? column : -1;
            }
            int at = 0;
            for (int l = 1; l < line; l++) {
                int nl = sql.indexOf('\n', at);
                if (nl < 0) {
                    return -1;
                }
                at = nl + 1;
            }
            return at + column;
        }

        private static ErrorCode classify(String m) {
            if (m == null) {
                return ErrorCode.SYNTAX_ERROR_1;
            }
            if (m.startsWith("Object '") && m.contains("' not found")) {
                return ErrorCode.TABLE_NOT_FOUND_1;
            }
            if (m.startsWith("Table '") && m.endsWith("' not found")) {
                return ErrorCode.MISSING_FROM_ENTRY_1; // a qualifier: SELECT t.k FROM t AS x
            }
            if (m.startsWith("Column '") && m.contains("not found")) {
                return ErrorCode.COLUMN_NOT_FOUND_1;
            }
            if (m.startsWith("No match found for function signature")) {
                return ErrorCode.UNDEFINED_FUNCTION_1;
            }
            if (m.startsWith("Cannot apply '")) {
                return ErrorCode.UNDEFINED_OPERATOR_1; // Calcite found no coercion either
            }
            if (m.startsWith("Values passed to ") && m.endsWith(" must have compatible types")) {
                return ErrorCode.UNDEFINED_OPERATOR_1; // x'31' IN (SELECT int...): PostgreSQL's "bit = integer"
            }
            return ErrorCode.SYNTAX_ERROR_1;
        }

        /** The one argument of {@code code}'s template from Calcite's message. */
        private static Object argument(ErrorCode code, String m) {
            int a = m.indexOf('\'');
            int b = a < 0 ? -1 : m.indexOf('\'', a + 1);
            if (code == ErrorCode.UNDEFINED_FUNCTION_1) {
                return m.substring("No match found for function signature ".length());
            }
            if (code == ErrorCode.UNDEFINED_OPERATOR_1) {
                // "Cannot apply '+' to arguments of type '<INTEGER> + <BOOLEAN>'. Supported ..."
                String marker = "arguments of type '";
                int from = m.indexOf(marker);
                int to = from < 0 ? -1 : m.indexOf('\'', from + marker.length());
                return to < 0 ? m : m.substring(from + marker.length(), to).replaceAll("[<>]", "").toLowerCase(java.util.Locale.ROOT);
            }
            return a >= 0 && b > a ? m.substring(a + 1, b) : m;
        }
    }
}
