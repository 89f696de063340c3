package dev.spindle.planner.shape;

import dev.spindle.planner.catalog.Catalog;
import dev.spindle.planner.catalog.CatalogItem;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.fun.SqlCase;

/**
 * A parsed query's shape: a deep copy in which every exact numeric literal that stands as an
 * operand of a comparison, an arithmetic operator, {@code BETWEEN} or {@code CASE} is a
 * {@link LiftedLiteral} slot (equal literals of equal type share one), and a key that names the
 * shape: the copy's SQL text with each table read by its bare name replaced by a table slot, and
 * the slots' column types. Two queries with the same key over the same catalog differ only in
 * their lifted literals' values and in which identically typed tables they read, so Calcite's
 * plan of one is the other's once literals and tables are swapped ({@link ShapeTemplate}).
 *
 * <p>Left as they are (part of the key): literals anywhere else (a bare select item, function
 * arguments such as a rounding's digits, {@code IN} lists, which Calcite turns into search
 * arguments only when they are literals, {@code ORDER BY}, {@code LIMIT}/{@code OFFSET}, a
 * {@code GROUP BY} ordinal), approximate and string literals (a string literal's type comes from
 * where it stands). A query with a construct the lifter does not know (a {@code WITH}, a
 * parameter, a table qualifier that names an aliased table) has no shape: it is planned as it is.
 *
 * <p>Thread-safety: stateless; each {@link #lift} works on its own copy.
 */
public final class LiteralLifter {
    /** The operators whose literal operands are lifted. */
    private static final Set<SqlKind> VALUE_OPERATORS = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_DISTINCT_FROM,
            SqlKind.IS_NOT_DISTINCT_FROM, SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE, SqlKind.MOD,
            SqlKind.MINUS_PREFIX, SqlKind.PLUS_PREFIX);

    /** What a table slot's name starts with (a character no identifier of a parsed query holds). */
    private static final String TABLE_SLOT = "\u0001t";

    /**
     * A query's shape.
     *
     * @param tree the copy to plan, literals lifted, tables as written
     * @param key the shape's key
     * @param literals the lifted literals' values, by slot
     * @param tables the tables (or views) read by bare name, by table slot
     * @param literalAt the slot of each lifted literal, by its position in the text
     *     ({@link #position}), for {@link ShapeText}
     * @param tableAt the table slot of each name that was replaced by one (in FROM, or as a
     *     qualifier), by its position in the text
     */
    public record Shape(SqlNode tree, Key key, List<LiftedLiteral.Value> literals, List<CatalogItem> tables,
                        Map<Long, Integer> literalAt, Map<Long, Integer> tableAt) {
    }

    /** A place in a statement's text, as one number: line (from 1) and column (from 1). */
    public static long position(int line, int column) {
        return (long) line << 32 | column;
    }

    private static long position(SqlParserPos pos) {
        return position(pos.getLineNum(), pos.getColumnNum());
    }

    /**
     * A shape's key: the shape's SQL text (table slots for the tables read by bare name) and, per
     * table slot, its columns and whether it is a view.
     *
     * @param catalogFree true if every relation the shape reads is a table slot: then Calcite's
     *     plan of the shape depends on nothing but the key (a view is a relation of its columns to
     *     Calcite; the lowering expands it), so it holds for every catalog snapshot. False if some
     *     relation is read by a qualified or unknown name, whose meaning a catalog change may change.
     */
    public record Key(String text, List<Object> tables, boolean catalogFree) {
    }

    private final RelDataTypeFactory types;
    private final Catalog catalog;
    private final Map<String, LiftedLiteral> slots = new LinkedHashMap<>();
    private final List<LiftedLiteral.Value> values = new ArrayList<>();
    /** Tables read by bare name, by name, in order of first reference. */
    private final Map<String, CatalogItem> tables = new LinkedHashMap<>();
    /** Names that some FROM item reads without an alias (qualifiers may use them). */
    private final Set<String> unaliased = new HashSet<>();
    /** Names that some FROM item reads under an alias. */
    private final Set<String> aliasedTables = new HashSet<>();
    /** The aliases of FROM items. */
    private final Set<String> aliases = new HashSet<>();
    private final Map<Long, Integer> literalAt = new HashMap<>();
    private final Map<Long, Integer> tableAt = new HashMap<>();
    private boolean refused;
    /** Some relation is read by a name that is not a table slot. */
    private boolean unslotted;

    private LiteralLifter(RelDataTypeFactory types, Catalog catalog) {
        this.types = types;
        this.catalog = catalog;
    }

    /**
     * The shape of {@code query} over {@code catalog}, or null if it has none. {@code query} itself
     * is not changed.
     */
    public static Shape lift(SqlNode query, Catalog catalog, RelDataTypeFactory types) {
        LiteralLifter l = new LiteralLifter(types, catalog);
        try {
            l.scanFrom(query);
            if (l.refused) {
                return null;
            }
            Pair copy = l.copy(query, Where.VALUE_FREE, false);
            if (l.refused || copy == null) {
                return null;
            }
            List<Object> signatures = new ArrayList<>(l.tables.size());
            for (CatalogItem t : l.tables.values()) {
                signatures.add(t instanceof CatalogItem.View ? ((CatalogItem.View) t).desc() : ((CatalogItem.Table) t).desc());
                signatures.add(t instanceof CatalogItem.View);
            }
            Key key = new Key(KeyText.of(copy.key), signatures, !l.unslotted);
            return new Shape(copy.tree, key, List.copyOf(l.values), List.copyOf(l.tables.values()),
                    Map.copyOf(l.literalAt), Map.copyOf(l.tableAt));
        } catch (RuntimeException e) {
            return null; // a tree the copy cannot rebuild: planned as it is
        }
    }

    /** Where a node stands. */
    private enum Where {
        /** Under FROM: a table reference, a join, a subquery. */
        FROM,
        /** An expression whose literals are not lifted. */
        VALUE_FREE,
        /** An expression whose direct literal operands are lifted. */
        VALUE
    }

    /** A node's two copies: the tree to plan, and the one whose text is the key. */
    private record Pair(SqlNode tree, SqlNode key) {
    }

    // ------------------------------------------------------------------ tables

    /** First pass: which names the FROM clauses read, with or without aliases. */
    private void scanFrom(SqlNode n) {
        if (n == null) {
            return;
        }
        if (n.getKind() == SqlKind.WITH || n.getKind() == SqlKind.DYNAMIC_PARAM) {
            refused = true;
            return;
        }
        if (n instanceof SqlSelect) {
            scanFromItem(((SqlSelect) n).getFrom());
        }
        if (n instanceof SqlCall) {
            for (SqlNode o : ((SqlCall) n).getOperandList()) {
                scanFrom(o);
            }
        } else if (n instanceof SqlNodeList) {
            for (SqlNode o : (SqlNodeList) n) {
                scanFrom(o);
            }
        }
    }

    private void scanFromItem(SqlNode n) {
        if (n == null) {
            return;
        }
        if (n instanceof SqlIdentifier) {
            SqlIdentifier id = (SqlIdentifier) n;
            if (id.isSimple()) {
                unaliased.add(id.getSimple());
            }
        } else if (n instanceof SqlJoin) {
            scanFromItem(((SqlJoin) n).getLeft());
            scanFromItem(((SqlJoin) n).getRight());
        } else if (n.getKind() == SqlKind.AS) {
            List<SqlNode> ops = ((SqlCall) n).getOperandList();
            if (ops.get(0) instanceof SqlIdentifier && ((SqlIdentifier) ops.get(0)).isSimple()) {
                aliasedTables.add(((SqlIdentifier) ops.get(0)).getSimple());
            }
            if (ops.get(1) instanceof SqlIdentifier) {
                aliases.add(((SqlIdentifier) ops.get(1)).getSimple());
            }
        }
    }

    /** The slot name of table {@code name} read by bare name, or null if it is not slotted. */
    private String tableSlot(String name) {
        CatalogItem item = tables.get(name);
        if (item == null) {
            item = catalog.byName(name).orElse(null);
            if (!(item instanceof CatalogItem.Table) && !(item instanceof CatalogItem.View)) {
                return null;
            }
            tables.put(name, item);
        }
        return TABLE_SLOT + slotIndex(name);
    }

    // ------------------------------------------------------------------ the copy

    private Pair copy(SqlNode n, Where where, boolean liftable) {
        if (n == null) {
            return new Pair(null, null);
        }
        if (n instanceof SqlNumericLiteral) {
            SqlNumericLiteral lit = (SqlNumericLiteral) n;
            if (liftable && where == Where.VALUE && lit.isExact()) {
                SqlNode slot = slot(lit);
                return new Pair(slot, slot);
            }
            return new Pair(n, n);
        }
        if (n instanceof SqlLiteral || n instanceof SqlDataTypeSpec) {
            return new Pair(n, n); // immutable
        }
        if (n instanceof SqlIdentifier) {
            return identifier((SqlIdentifier) n, where);
        }
        if (n instanceof SqlNodeList) {
            return list((SqlNodeList) n, where, liftable);
        }
        if (n instanceof SqlSelect) {
            return select((SqlSelect) n);
        }
        if (n instanceof SqlOrderBy) {
            SqlOrderBy o = (SqlOrderBy) n;
            return call(o, List.of(copy(o.query, Where.VALUE_FREE, false), copy(o.orderList, Where.VALUE_FREE, false),
                    copy(o.offset, Where.VALUE_FREE, false), copy(o.fetch, Where.VALUE_FREE, false)));
        }
        if (n instanceof SqlJoin) {
            SqlJoin j = (SqlJoin) n;
            List<SqlNode> ops = j.getOperandList();
            List<Pair> out = new ArrayList<>();
            for (int i = 0; i < ops.size(); i++) {
                SqlNode o = ops.get(i);
                boolean side = o == j.getLeft() || o == j.getRight();
                out.add(copy(o, side ? Where.FROM : Where.VALUE, false));
            }
            return call(j, out);
        }
        if (n instanceof SqlCase) {
            SqlCase c = (SqlCase) n;
            Where w = where == Where.VALUE ? Where.VALUE : Where.VALUE_FREE;
            return call(c, List.of(copy(c.getValueOperand(), w, true), list(c.getWhenOperands(), w, true),
                    list(c.getThenOperands(), w, true), copy(c.getElseOperand(), w, true)));
        }
        if (n instanceof SqlBasicCall) {
            SqlBasicCall c = (SqlBasicCall) n;
            SqlKind kind = c.getKind();
            List<SqlNode> ops = c.getOperandList();
            List<Pair> out = new ArrayList<>(ops.size());
            if (kind == SqlKind.OVER || kind == SqlKind.WINDOW) {
                refused = true;
                return null;
            }
            if (where == Where.FROM) {
                if (kind != SqlKind.AS) {
                    refused = true; // LATERAL, UNNEST, a table function: not a shape
                    return null;
                }
                for (int i = 0; i < ops.size(); i++) {
                    out.add(copy(ops.get(i), i == 0 ? Where.FROM : Where.VALUE_FREE, false));
                }
                return call(c, out);
            }
            boolean lifts = where == Where.VALUE
                    && (VALUE_OPERATORS.contains(kind) || c.getOperator() instanceof SqlBetweenOperator);
            for (SqlNode o : ops) {
                out.add(copy(o, where, lifts));
            }
            return call(c, out);
        }
        refused = true; // a kind of node the copy does not know
        return null;
    }

    private Pair select(SqlSelect s) {
        List<SqlNode> ops = s.getOperandList();
        List<Pair> out = new ArrayList<>();
        for (SqlNode o : ops) {
            if (o == null) {
                out.add(new Pair(null, null));
            } else if (o == s.getFrom()) {
                out.add(copy(o, Where.FROM, false));
            } else if (o == s.getSelectList() || o == s.getWhere() || o == s.getHaving()) {
                out.add(copy(o, Where.VALUE, false));
            } else if (o == s.getGroup()) {
                out.add(groupBy((SqlNodeList) o));
            } else {
                out.add(copy(o, Where.VALUE_FREE, false)); // keywords, windows, ORDER BY, OFFSET, FETCH, hints
            }
        }
        return call(s, out);
    }

    /** GROUP BY items: an ordinal ({@code 1}, {@code -1}) stays; inside other items literals lift. */
    private Pair groupBy(SqlNodeList items) {
        List<SqlNode> tree = new ArrayList<>();
        List<SqlNode> key = new ArrayList<>();
        for (SqlNode item : items) {
            SqlKind k = item.getKind();
            boolean ordinalLike = item instanceof SqlLiteral || k == SqlKind.MINUS_PREFIX || k == SqlKind.PLUS_PREFIX;
            Pair p = copy(item, ordinalLike ? Where.VALUE_FREE : Where.VALUE, false);
            if (p == null) {
                refused = true;
                return null;
            }
            tree.add(p.tree);
            key.add(p.key);
        }
        return new Pair(new SqlNodeList(tree, items.getParserPosition()), new SqlNodeList(key, items.getParserPosition()));
    }

    private Pair list(SqlNodeList l, Where where, boolean liftable) {
        List<SqlNode> tree = new ArrayList<>(l.size());
        List<SqlNode> key = new ArrayList<>(l.size());
        for (SqlNode item : l) {
            Pair p = copy(item, where, liftable);
            if (p == null) {
                refused = true;
                return new Pair(l, l);
            }
            tree.add(p.tree);
            key.add(p.key);
        }
        return new Pair(new SqlNodeList(tree, l.getParserPosition()), new SqlNodeList(key, l.getParserPosition()));
    }

    private Pair call(SqlCall c, List<Pair> operands) {
        SqlNode[] tree = new SqlNode[operands.size()];
        SqlNode[] key = new SqlNode[operands.size()];
        for (int i = 0; i < tree.length; i++) {
            Pair p = operands.get(i);
            if (p == null) {
                refused = true;
                return null;
            }
            tree[i] = p.tree;
            key[i] = p.key;
        }
        SqlLiteral quantifier = c.getFunctionQuantifier();
        return new Pair(c.getOperator().createCall(quantifier, c.getParserPosition(), tree),
                c.getOperator().createCall(quantifier, c.getParserPosition(), key));
    }

    /**
     * A table read by bare name in FROM becomes its table slot in the key. A qualifier
     * ({@code tab0.col}) becomes the slot of the table it names when that table is read without an
     * alias somewhere in the query; one that names an alias stays; one that names a table read only
     * under an alias, or an alias that is also a table read without one, refuses the shape.
     */
    private Pair identifier(SqlIdentifier id, Where where) {
        SqlIdentifier tree = (SqlIdentifier) id.clone(id.getParserPosition());
        if (where == Where.FROM) {
            String slot = id.isSimple() ? tableSlot(id.getSimple()) : null;
            unslotted |= slot == null;
            if (slot != null) {
                tableAt.put(position(id.getParserPosition()), slotIndex(id.getSimple()));
            }
            return new Pair(tree, slot == null ? tree : new SqlIdentifier(slot, id.getParserPosition()));
        }
        if (id.names.size() < 2) {
            return new Pair(tree, tree);
        }
        String q = id.names.get(0);
        boolean bare = unaliased.contains(q);
        boolean alias = aliases.contains(q);
        if (bare && alias || !bare && !alias && aliasedTables.contains(q)) {
            refused = true;
            return new Pair(tree, tree);
        }
        String slot = bare ? tableSlot(q) : null;
        if (slot == null) {
            return new Pair(tree, tree);
        }
        tableAt.put(position(id.getComponentParserPosition(0)), slotIndex(q));
        List<String> names = new ArrayList<>(id.names);
        names.set(0, slot);
        return new Pair(tree, new SqlIdentifier(names, id.getParserPosition()));
    }

    /** The table slot index of {@code name}, a table already in {@link #tables}. */
    private int slotIndex(String name) {
        int i = 0;
        for (String n : tables.keySet()) {
            if (n.equals(name)) {
                return i;
            }
            i++;
        }
        throw new AssertionError(name);
    }

    // ------------------------------------------------------------------ literals

    private SqlNode slot(SqlNumericLiteral lit) {
        RelDataType type = lit.createSqlType(types);
        java.math.BigDecimal v = lit.getValueAs(java.math.BigDecimal.class);
        String id = v.toPlainString() + "/" + type.getFullTypeString();
        LiftedLiteral op = slots.get(id);
        if (op == null) {
            op = new LiftedLiteral(slots.size(), type);
            slots.put(id, op);
            values.add(new LiftedLiteral.Value(v, type));
        }
        literalAt.put(position(lit.getParserPosition()), op.index());
        return op.call(lit.getParserPosition());
    }
}
