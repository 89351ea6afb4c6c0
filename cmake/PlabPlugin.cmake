# plab_add_plugin(NAME [NO_INSTALL] SOURCES src...): a learner plugin as a MODULE library named NAME.so,
# built with hidden visibility (only the two BOOST_DLL_ALIAS symbols are exported), linked
# to the SDK, placed where plab looks for plugins (in the perceptron-lab build tree) and
# installed into <prefix>/lib/plab/plugins.
function(plab_add_plugin name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "NO_INSTALL" "" "SOURCES")
  add_library(${name} MODULE ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE plab::sdk)
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${name}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    INSTALL_RPATH "$ORIGIN/../..")
  if(DEFINED PLAB_PLUGIN_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${PLAB_PLUGIN_OUTPUT_DIR})
  endif()
  if(NOT ARG_NO_INSTALL)
    install(TARGETS ${name} LIBRARY DESTINATION lib/plab/plugins)
  endif()
endfunction()
