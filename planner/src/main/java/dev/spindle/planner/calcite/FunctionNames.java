package dev.spindle.planner.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * An operator table whose function names match without regard to case, as PostgreSQL's
 * (unquoted) function names do. The validator looks functions up with the catalog's name matcher,
 * which is case-sensitive (table and column names are); Calcite's standard table forgives that,
 * but its library tables do not, so {@code length}, {@code lpad}, {@code strpos}, ... (PostgreSQL
 * functions in Calcite's POSTGRESQL library, named in upper case there) were never found. The
 * binary operator {@code ^} is {@link SpindleFunctions#POWER}, the prefix {@code +} is
 * {@link SpindleFunctions#UNARY_PLUS}.
 *
 * <p>What a simple name finds is remembered (the validator looks every call's operator up, through
 * three chained tables, each time it meets it).
 *
 * <p>Thread-safety: as the table it wraps (Calcite's are immutable); the remembered lookups are a
 * concurrent map of immutable lists.
 */
final class FunctionNames implements SqlOperatorTable {
    private static final SqlNameMatcher ANY_CASE = SqlNameMatchers.withCaseSensitive(false);

    private final SqlOperatorTable delegate;

    FunctionNames(SqlOperatorTable delegate) {
        this.delegate = delegate;
    }

    @Override
    public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
            List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
        if (syntax == SqlSyntax.BINARY && opName.isSimple() && opName.getSimple().equals("^")) {
            operatorList.add(SpindleFunctions.POWER); // PostgreSQL's exponentiation, not Calcite's XOR
            return;
        }
        if (syntax == SqlSyntax.PREFIX && opName.isSimple() && opName.getSimple().equals("+")) {
            operatorList.add(SpindleFunctions.UNARY_PLUS); // identity on any operand, as in SQLite and H2
            return;
        }
        if (!opName.isSimple()) {
            delegate.lookupOperatorOverloads(opName, category, syntax, operatorList, ANY_CASE);
            return;
        }
        Key key = new Key(opName.getSimple(), category, syntax);
        List<SqlOperator> known = found.get(key);
        if (known == null) {
            List<SqlOperator> out = new ArrayList<>();
            delegate.lookupOperatorOverloads(opName, category, syntax, out, ANY_CASE);
            known = List.copyOf(out);
            if (found.size() < REMEMBERED) {
                found.put(key, known);
            }
        }
        operatorList.addAll(known);
    }

    /** At most this many lookups are remembered (names come from statements; most are a few dozen). */
    private static final int REMEMBERED = 4096;

    /** What a simple name looked up in one category and syntax finds (the tables never change). */
    private final Map<Key, List<SqlOperator>> found = new ConcurrentHashMap<>();

    private record Key(String name, SqlFunctionCategory category, SqlSyntax syntax) {
    }

    @Override
    public List<SqlOperator> getOperatorList() {
        return delegate.getOperatorList();
    }
}
