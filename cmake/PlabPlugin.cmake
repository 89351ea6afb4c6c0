# plab_add_plugin(NAME SOURCES src...): a learner plugin as a MODULE library named NAME.so,
# built with hidden visibility (only the two BOOST_DLL_ALIAS symbols are exported), linked
# to the SDK, and placed where plab looks for plugins.
function(plab_add_plugin name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "SOURCES")
  add_library(${name} MODULE ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE plab::sdk)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${name}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${PLAB_PLUGIN_OUTPUT_DIR})
endfunction()
