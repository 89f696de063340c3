package dev.spindle.jdbc;

import dev.spindle.sql.parser.SpindleParser;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Avatica's database metadata with Spindle's answers where Avatica's defaults are wrong for
 * Spindle. Every answer comes from where the behaviour lives: identifier case and quoting from
 * the parser's configuration ({@link SpindleParser#config()}: unquoted names are stored lower
 * case, quoted ones as written, names then match case-sensitively), the statement length limit
 * from the parser, transactions, savepoints and batches from {@link Capabilities}, names and
 * versions from {@link DriverInfo}. The catalog result sets ({@code getTables}, ...) come from
 * {@link CatalogMetadata} through {@code SpindleMeta}.
 *
 * <p>Thread-safety: stateless past construction; one per connection, like Avatica's.
 */
final class SpindleDatabaseMetaData extends AvaticaDatabaseMetaData {
    private static final SqlParser.Config PARSER = SpindleParser.config();
    /** Calcite's keywords that are not SQL:2003 keywords, as JDBC asks. */
    private static final String KEYWORDS = SqlParser.create("", PARSER).getMetadata().getJdbcKeywords();

    SpindleDatabaseMetaData(AvaticaConnection connection) {
        super(connection);
    }

    // ------------------------------------------------------------------ the database

    /** Spindle's databases are read-write. */
    @Override
    public boolean isReadOnly() throws SQLException {
        return false;
    }

    @Override
    public int getMaxStatementLength() {
        return SpindleParser.MAX_STATEMENT_LENGTH;
    }

    @Override
    public String getSQLKeywords() {
        return KEYWORDS;
    }

    /** NULL is larger than every value: last ascending, first descending (the planner's null collation). */
    @Override
    public boolean nullsAreSortedHigh() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    // ------------------------------------------------------------------ identifiers

    @Override
    public String getIdentifierQuoteString() {
        return PARSER.quoting().string;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return PARSER.unquotedCasing() == Casing.UNCHANGED && PARSER.caseSensitive();
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return PARSER.unquotedCasing() == Casing.TO_UPPER;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return PARSER.unquotedCasing() == Casing.TO_LOWER;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return PARSER.unquotedCasing() == Casing.UNCHANGED && !PARSER.caseSensitive();
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return PARSER.quotedCasing() == Casing.UNCHANGED && PARSER.caseSensitive();
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return PARSER.quotedCasing() == Casing.TO_UPPER;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return PARSER.quotedCasing() == Casing.TO_LOWER;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return PARSER.quotedCasing() == Casing.UNCHANGED && !PARSER.caseSensitive();
    }

    @Override
    public String getSearchStringEscape() {
        return NamePattern.ESCAPE;
    }

    // ------------------------------------------------------------------ catalogs and schemas

    // no catalogs; one schema, which qualified names may name (public.t)

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    // ------------------------------------------------------------------ transactions

    @Override
    public boolean supportsTransactions() {
        return Capabilities.TRANSACTIONS;
    }

    @Override
    public int getDefaultTransactionIsolation() {
        return Capabilities.DEFAULT_ISOLATION;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Capabilities.DEFAULT_ISOLATION;
    }

    /** DDL is not part of a transaction: it runs on its own before the transaction reads or writes. */
    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return Capabilities.TRANSACTIONS;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return false;
    }

    /** Connections run their statements concurrently. */
    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    @Override
    public boolean supportsSavepoints() {
        return Capabilities.SAVEPOINTS;
    }

    @Override
    public boolean supportsBatchUpdates() {
        return Capabilities.BATCH_UPDATES;
    }

    // ------------------------------------------------------------------ SQL

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }
}
